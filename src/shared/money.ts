import { CUSTOM_TOP_UP_MAX_CENTS, CUSTOM_TOP_UP_MIN_CENTS } from './constants';

/**
 * Money as the product shows and accepts it: integer cents inside,
 * US dollars with a dollar sign outside. Validation answers with an issue key, never with a text:
 * the texts live in the billing locale files, so each exists once.
 */

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234 → '$12.34'; -100 → '-$1.00'; 100000 → '$1,000.00'. */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}

/** Whole dollars without cents ('$10'), as package names use them; '$10.50' otherwise. */
export function formatCentsShort(cents: number): string {
  return cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);
}

/**
 * The balance as the API sends it follows the spec's sign convention (a negative raw number is
 * credit, as Stripe customer balances are): shown negated, divided by 100, '$0.00' when absent.
 */
export function formatBalance(rawBalance: number | null | undefined): string {
  if (rawBalance === null || rawBalance === undefined || Number.isNaN(rawBalance)) return formatCents(0);
  return formatCents(rawBalance === 0 ? 0 : -rawBalance);
}

/** The raw balance (spec sign convention) of an account holding `availableCents`. */
export function rawBalanceOf(availableCents: number): number {
  return availableCents === 0 ? 0 : -availableCents;
}

/** Green when the raw balance is negative (credit); anything else is low and shown red. */
export function isLowBalance(rawBalance: number | null | undefined): boolean {
  return !(typeof rawBalance === 'number' && rawBalance < 0);
}

export const CUSTOM_TOP_UP_ISSUES = ['invalidNumber', 'belowMinimum', 'aboveMaximum', 'invalidTopUp'] as const;
export type CustomTopUpIssue = (typeof CUSTOM_TOP_UP_ISSUES)[number];

/**
 * What the amount field keeps of what is typed: digits and one dot, at most two
 * decimals. '12a.3.45' → '12.34'.
 */
export function sanitizeAmountInput(input: string): string {
  let seenDot = false;
  let decimals = 0;
  let kept = '';
  for (const char of input) {
    if (char === '.') {
      if (seenDot) continue;
      seenDot = true;
      kept += char;
    } else if (char >= '0' && char <= '9') {
      if (seenDot) {
        if (decimals === 2) continue;
        decimals += 1;
      }
      kept += char;
    }
  }
  return kept;
}

const AMOUNT_SHAPE = /^(\d+)(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/;

/** '12.5' → 1250 cents, exactly (no floating point); null when it is not a number of dollars. */
export function parseDollarsToCents(text: string): number | null {
  const match = AMOUNT_SHAPE.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : null;
}

export interface CustomAmountCheck {
  /** The amount in cents when the text is a number of dollars, else null. */
  cents: number | null;
  /** Why the amount cannot be paid, or null; an empty field has no issue (the button is just off). */
  issue: CustomTopUpIssue | null;
}

/** The custom top-up rules: a number, at least $1.00, at most $1,000.00. */
export function checkCustomAmount(text: string): CustomAmountCheck {
  if (text.trim() === '') return { cents: null, issue: null };
  const cents = parseDollarsToCents(text);
  if (cents === null) return { cents: null, issue: 'invalidNumber' };
  if (cents < CUSTOM_TOP_UP_MIN_CENTS) return { cents, issue: 'belowMinimum' };
  if (cents > CUSTOM_TOP_UP_MAX_CENTS) return { cents, issue: 'aboveMaximum' };
  return { cents, issue: null };
}

/** The button is enabled only for an amount of at least $1.00 without an issue. */
export function canSubmitCustomAmount(check: CustomAmountCheck): boolean {
  return check.issue === null && check.cents !== null && check.cents >= CUSTOM_TOP_UP_MIN_CENTS;
}

/** The submit-time guard: not a number, zero or below is refused. */
export function topUpSubmissionIssue(cents: number | null): CustomTopUpIssue | null {
  return cents === null || !Number.isFinite(cents) || cents <= 0 ? 'invalidTopUp' : null;
}

/** How many images an amount buys at a price (units = floor(amount in cents / price in cents)). */
export function imagesForCents(cents: number, pricePerImageCents: number): number {
  return pricePerImageCents > 0 ? Math.floor(cents / pricePerImageCents) : 0;
}

/**
 * GET /api/stripe/prices/{product} with this value lists the server's own product (STRIPE_PRODUCT_ID,
 * or the test-mode product), so the client works without knowing the product id.
 */
export const DEFAULT_PRODUCT_ALIAS = 'default';

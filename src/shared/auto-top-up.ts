import { z } from 'zod';

/**
 * Auto top-up (GET/PUT /api/auto-top-up): with a saved card, a charge that takes the balance
 * below the threshold buys `amount` off-session, at most `monthly max` a calendar month. Amounts
 * are integer cents. The server refuses bad settings with the codes below; the client words them.
 */

/** Stripe charges a card at least $0.50; a top-up below $5.00 would mostly pay card fees. */
export const AUTO_TOP_UP_AMOUNT_MIN_CENTS = 500;
/** The same ceiling as a custom top-up. */
export const AUTO_TOP_UP_AMOUNT_MAX_CENTS = 100_000;
export const AUTO_TOP_UP_THRESHOLD_MIN_CENTS = 100;
export const AUTO_TOP_UP_THRESHOLD_MAX_CENTS = 100_000;
export const AUTO_TOP_UP_MONTHLY_MAX_CENTS = 1_000_000;

export const AUTO_TOP_UP_PROBLEMS = [
  'threshold_too_low',
  'threshold_too_high',
  'amount_too_low',
  'amount_too_high',
  'monthly_max_below_amount',
  'monthly_max_too_high',
  'card_required',
] as const;
export type AutoTopUpProblem = (typeof AUTO_TOP_UP_PROBLEMS)[number];

export interface AutoTopUpFieldProblem {
  field: 'threshold_cents' | 'amount_cents' | 'monthly_max_cents';
  code: AutoTopUpProblem;
}

/** The one check of the three amounts, run by the form and again by the server. */
export function autoTopUpProblems(settings: {
  threshold_cents: number;
  amount_cents: number;
  monthly_max_cents: number;
}): AutoTopUpFieldProblem[] {
  const problems: AutoTopUpFieldProblem[] = [];
  if (settings.threshold_cents < AUTO_TOP_UP_THRESHOLD_MIN_CENTS) problems.push({ field: 'threshold_cents', code: 'threshold_too_low' });
  if (settings.threshold_cents > AUTO_TOP_UP_THRESHOLD_MAX_CENTS) problems.push({ field: 'threshold_cents', code: 'threshold_too_high' });
  if (settings.amount_cents < AUTO_TOP_UP_AMOUNT_MIN_CENTS) problems.push({ field: 'amount_cents', code: 'amount_too_low' });
  if (settings.amount_cents > AUTO_TOP_UP_AMOUNT_MAX_CENTS) problems.push({ field: 'amount_cents', code: 'amount_too_high' });
  if (settings.monthly_max_cents < settings.amount_cents) problems.push({ field: 'monthly_max_cents', code: 'monthly_max_below_amount' });
  if (settings.monthly_max_cents > AUTO_TOP_UP_MONTHLY_MAX_CENTS)
    problems.push({ field: 'monthly_max_cents', code: 'monthly_max_too_high' });
  return problems;
}

const cents = z.number().int().min(0).max(100_000_000);

/** PUT /api/auto-top-up: turn it on (with the three amounts) or off. */
export const autoTopUpUpdateSchema = z.object({
  enabled: z.boolean(),
  threshold_cents: cents,
  amount_cents: cents,
  monthly_max_cents: cents,
});
export type AutoTopUpUpdate = z.infer<typeof autoTopUpUpdateSchema>;

/** Why auto top-up turned itself off: the card was declined, or removed. */
export const AUTO_TOP_UP_OFF_REASONS = ['declined', 'card_removed'] as const;

export const autoTopUpSettingsSchema = z.object({
  enabled: z.boolean(),
  threshold_cents: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  monthly_max_cents: z.number().int().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Set when it turned itself off; cleared when the user turns it on again. */
  off_reason: z.enum(AUTO_TOP_UP_OFF_REASONS).nullable(),
  /** Credited (or on the way) this calendar month in the user's time zone. */
  this_month_cents: z.number().int(),
  /** An off-session payment the bank wants the cardholder to confirm: finish it on the Billing page. */
  needs_confirmation: z.object({ id: z.string(), amount_cents: z.number().int() }).nullable(),
  /** With test-mode payments the card is saved on a local page that picks the outcome. */
  test_mode: z.boolean(),
});
export type AutoTopUpSettings = z.infer<typeof autoTopUpSettingsSchema>;

/** The test-mode cards, named after Stripe's test payment methods they imitate. */
export const TEST_CARD_OUTCOMES = ['succeeds', 'authentication_required', 'declined'] as const;
export type TestCardOutcome = (typeof TEST_CARD_OUTCOMES)[number];
export const testCardRequestSchema = z.object({ outcome: z.enum(TEST_CARD_OUTCOMES) });

export const redirectSchema = z.object({ url: z.string() });

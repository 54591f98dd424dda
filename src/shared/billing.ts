import { codedTextSchema } from './coded-text-schema';
import { z } from 'zod';
import { CUSTOM_TOP_UP_MAX_CENTS, CUSTOM_TOP_UP_MIN_CENTS } from './constants';
import { engineUsedSchema } from './engines';
import { formatCents } from './money';

/**
 * The balance API's contract, shared by the server's routes and
 * services and the web client: each shape once. Field names follow the spec.
 */

/** GET /api/stripe/balance. `balance` follows the spec's sign convention: negative is credit. */
export const balanceSchema = z.object({
  balance: z.number().int(),
  formatted: z.string(),
  freeGenerationsLeft: z.number().int(),
  availableCents: z.number().int(),
  /** Part of the balance that cannot be spent while a payment dispute or a card refund is open. */
  frozenCents: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** One top-up package; prices without a unit amount are never listed. */
export const priceSchema = z.object({
  id: z.string(),
  unit_amount: z.number().int(),
  currency: z.string(),
  nickname: z.string().nullable(),
});
export type Price = z.infer<typeof priceSchema>;

/** POST /api/stripe/create-checkout-session: a package bought through the embedded checkout. */
export const packageCheckoutRequestSchema = z.object({ priceId: z.string().min(1).max(200) });
/** Its answer: the client secret opens the embedded payment form. */
export const embeddedCheckoutSchema = z.object({ clientSecret: z.string(), sessionId: z.string() });
export type EmbeddedCheckout = z.infer<typeof embeddedCheckoutSchema>;

/** POST /api/stripe/create-top-up-session: a custom amount, $1.00 to $1,000.00. */
export const customTopUpRequestSchema = z.object({
  amount_cents: z
    .number()
    .int()
    .min(CUSTOM_TOP_UP_MIN_CENTS, `Minimum amount is ${formatCents(CUSTOM_TOP_UP_MIN_CENTS)}`)
    .max(CUSTOM_TOP_UP_MAX_CENTS, `Maximum amount is ${formatCents(CUSTOM_TOP_UP_MAX_CENTS)}`),
});
/** Its answer: the browser goes on to `url`, the provider's checkout page. */
export const hostedCheckoutSchema = z.object({ sessionId: z.string(), url: z.string() });
export type HostedCheckout = z.infer<typeof hostedCheckoutSchema>;

/** GET /api/stripe/verify-checkout-session/{id}: 'success' once credited. */
export const checkoutVerificationSchema = z.object({
  status: z.enum(['success', 'processing', 'open', 'expired', 'failed']),
  message: z.string(),
  customer_email: z.string().nullable(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type CheckoutVerification = z.infer<typeof checkoutVerificationSchema>;

/** Every kind of ledger entry; a history row's `type` is one of them (top_up, else usage). */
export const LEDGER_KINDS = ['top_up', 'usage', 'refund', 'free_grant', 'adjustment'] as const;

/** The two history tabs of the account page (transaction-history/{kind}). */
export const historyKindSchema = z.enum(['top-ups', 'withdrawals']);
export type HistoryKind = z.infer<typeof historyKindSchema>;

/** One history row. The amount is unsigned; its direction comes from `type`. */
/** The longest prompt a usage line carries (the line shows its start; the session has the rest). */
export const USAGE_PROMPT_MAX_LENGTH = 80;

/** What a generation's charge or refund was for: the request, its picture while kept, its session. */
export const usageDetailSchema = z.object({
  /** The request's words, cut to USAGE_PROMPT_MAX_LENGTH characters (… marks a cut). */
  prompt: z.string(),
  /** The first image it made while the image is kept; null once expired or deleted. */
  thumbnail_url: z.string().nullable(),
  /** Its session, while the session exists (null after the user deleted it). */
  session_id: z.string().nullable(),
  /** Images of this entry paid with free images (not money): a line of only these reads "Free image". */
  free_images: z.number().int(),
});
export type UsageDetail = z.infer<typeof usageDetailSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(LEDGER_KINDS),
  /** Unix seconds. */
  created: z.number().int(),
  /** The line in English (for API clients); the app words `description_code` in the reader's language. */
  description: z.string(),
  description_code: codedTextSchema.nullable(),
  amount_formatted: z.string(),
  ending_balance_formatted: z.string(),
  /** Money in (a top-up, a failed generation given back, credit from support): shown green with a plus. */
  credit: z.boolean(),
  /** For a generation's charge or refund: the engine (and model) it was for. */
  engine: engineUsedSchema.nullable(),
  /** For a generation's charge or refund: the request, picture and session it was for. */
  usage: usageDetailSchema.nullable().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** One page of history, Stripe-style. */
export const transactionPageSchema = z.object({ data: z.array(transactionSchema), has_more: z.boolean() });
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** A test-mode checkout session as its local checkout page shows it (never with Stripe keys). */
export const testCheckoutSchema = z.object({
  id: z.string(),
  amount_total: z.number().int(),
  currency: z.string(),
  status: z.string(),
  payment_status: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

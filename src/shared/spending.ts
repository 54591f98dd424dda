import { z } from 'zod';

/**
 * Spending the user controls (GET/PUT /api/spending): limits per day and per month, the
 * low-balance e-mail, and the refusal a request meets when it would pass a limit. Amounts are
 * integer cents; null means "none".
 */

/** The largest limit or threshold a user may set: $100,000.00. */
export const SPENDING_AMOUNT_MAX_CENTS = 10_000_000;

export const SPENDING_PERIODS = ['daily', 'monthly'] as const;
export type SpendingPeriod = (typeof SPENDING_PERIODS)[number];

const limitCents = z
  .number()
  .int()
  .min(1, 'A limit must be at least $0.01')
  .max(SPENDING_AMOUNT_MAX_CENTS, 'A limit can be at most $100,000.00')
  .nullable();

/** IANA time zone names, as browsers report them (Intl.DateTimeFormat().resolvedOptions().timeZone). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Not a time zone name');

/** PUT /api/spending: every field optional; a field left out keeps its value, null turns it off. */
export const spendingControlsUpdateSchema = z.object({
  daily_limit_cents: limitCents.optional(),
  monthly_limit_cents: limitCents.optional(),
  time_zone: timeZoneSchema.optional(),
  low_balance_threshold_cents: z
    .number()
    .int()
    .min(1, 'The amount must be at least $0.01')
    .max(SPENDING_AMOUNT_MAX_CENTS, 'The amount can be at most $100,000.00')
    .nullable()
    .optional(),
});
export type SpendingControlsUpdate = z.infer<typeof spendingControlsUpdateSchema>;

/** GET /api/spending: the settings with what is spent in the current day and month, and when each resets. */
export const spendingControlsSchema = z.object({
  daily_limit_cents: z.number().int().nullable(),
  monthly_limit_cents: z.number().int().nullable(),
  time_zone: z.string(),
  low_balance_threshold_cents: z.number().int().nullable(),
  /** Charges minus refunds since the start of today in `time_zone`. */
  spent_today_cents: z.number().int(),
  spent_this_month_cents: z.number().int(),
  /** ISO 8601: when the day's and the month's counts start again. */
  day_resets_at: z.string(),
  month_resets_at: z.string(),
});
export type SpendingControls = z.infer<typeof spendingControlsSchema>;

/** Why a request was refused before any charge (error details.spending_limit) or would be (the quote). */
export const spendingLimitRefusalSchema = z.object({
  period: z.enum(SPENDING_PERIODS),
  limit_cents: z.number().int(),
  spent_cents: z.number().int(),
  /** What the request would take from the balance. */
  price_cents: z.number().int(),
  /** ISO 8601: when the period's count starts again. */
  resets_at: z.string(),
});
export type SpendingLimitRefusal = z.infer<typeof spendingLimitRefusalSchema>;

/** A limit refusal carried by an error's details (the body the server sent, as the web client keeps it). */
export function spendingLimitRefusalOf(details: unknown): SpendingLimitRefusal | null {
  const candidates = [details, (details as { details?: unknown } | null | undefined)?.details];
  for (const candidate of candidates) {
    const parsed = spendingLimitRefusalSchema.safeParse((candidate as { spending_limit?: unknown } | null | undefined)?.spending_limit);
    if (parsed.success) return parsed.data;
  }
  return null;
}

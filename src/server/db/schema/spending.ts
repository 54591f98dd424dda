import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * What a user decided about their own spending: limits on what generations may take per day and
 * per month, the balance below which they want an e-mail, and auto top-up from a saved card.
 * A user without a row has no limits, no e-mail and no auto top-up.
 */
export const spendingControls = pgTable(
  'spending_controls',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Most that charges minus refunds may come to in one calendar day of `time_zone`; null = no limit. */
    dailyLimitCents: bigint('daily_limit_cents', { mode: 'number' }),
    /** The same for one calendar month. */
    monthlyLimitCents: bigint('monthly_limit_cents', { mode: 'number' }),
    /** IANA name from the user's browser: where their days and months begin. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Below this balance one e-mail is sent; null = no e-mail. */
    lowBalanceThresholdCents: bigint('low_balance_threshold_cents', { mode: 'number' }),
    /** True while the balance is at or above the threshold: the next fall below sends the e-mail. */
    lowBalanceArmed: boolean('low_balance_armed').notNull().default(true),
    autoTopUpEnabled: boolean('auto_top_up_enabled').notNull().default(false),
    autoTopUpThresholdCents: bigint('auto_top_up_threshold_cents', { mode: 'number' }),
    autoTopUpAmountCents: bigint('auto_top_up_amount_cents', { mode: 'number' }),
    /** Most automatic top-ups in one calendar month. */
    autoTopUpMonthlyMax: integer('auto_top_up_monthly_max'),
    /** The saved card (Stripe payment method id, or a test-mode card) that auto top-up charges. */
    savedPaymentMethodId: text('saved_payment_method_id'),
    /** How the card looks to its owner, e.g. "Visa •••• 4242". */
    savedCardLabel: text('saved_card_label'),
    /** Why auto top-up last turned itself off (a decline), shown on the Billing page until changed. */
    autoTopUpProblem: text('auto_top_up_problem'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('spending_controls_limits_positive', sql`coalesce(${t.dailyLimitCents}, 1) > 0 and coalesce(${t.monthlyLimitCents}, 1) > 0`),
    check('spending_controls_threshold_non_negative', sql`coalesce(${t.lowBalanceThresholdCents}, 0) >= 0`),
  ],
);

/**
 * One row per auto top-up trigger (the fall below the threshold that the charge `trigger_key`
 * caused): its primary key makes a second off-session payment for the same fall impossible,
 * however many charges race.
 */
export const autoTopUpTriggers = pgTable('auto_top_up_triggers', {
  triggerKey: text('trigger_key').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  /** queued → succeeded | requires_action | declined | failed. */
  status: text('status').notNull().default('queued'),
  paymentIntentId: text('payment_intent_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

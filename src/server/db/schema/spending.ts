import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * What a user decided about their own spending: limits on what generations may take per day and
 * per month, and the balance below which they want an e-mail. A user without a row has neither.
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
    /**
     * A charge that takes the balance from at or above this to below it sends one e-mail; null =
     * none. Charges are counted one after the other (the account row is locked), so a run of
     * charges crosses it once, and only a rise above it (a top-up) makes another crossing possible.
     */
    lowBalanceThresholdCents: bigint('low_balance_threshold_cents', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('spending_controls_limits_positive', sql`coalesce(${t.dailyLimitCents}, 1) > 0 and coalesce(${t.monthlyLimitCents}, 1) > 0`),
    check('spending_controls_threshold_non_negative', sql`coalesce(${t.lowBalanceThresholdCents}, 0) >= 0`),
  ],
);

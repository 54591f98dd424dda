import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Auto top-up: the user's settings with their saved card, and one row per attempt to buy credit
 * off-session. The attempt's id is the Stripe idempotency key, so a retried or re-run job asks
 * Stripe for the same PaymentIntent, never a second one.
 */
export const autoTopUpSettings = pgTable(
  'auto_top_up_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    thresholdCents: bigint('threshold_cents', { mode: 'number' }),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    monthlyMaxCents: bigint('monthly_max_cents', { mode: 'number' }),
    /** Stripe's PaymentMethod attached to the user's customer (a local id with test-mode payments). */
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** 'declined' or 'card_removed': why it turned itself off, shown on the Billing page. */
    offReason: text('off_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'auto_top_up_settings_amounts_positive',
      sql`coalesce(${t.thresholdCents}, 1) > 0 and coalesce(${t.amountCents}, 1) > 0 and coalesce(${t.monthlyMaxCents}, 1) > 0`,
    ),
    check(
      'auto_top_up_settings_enabled_has_card',
      sql`not ${t.enabled} or (${t.paymentMethodId} is not null and ${t.amountCents} is not null)`,
    ),
  ],
);

export const autoTopUps = pgTable(
  'auto_top_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The charge that took the balance below the threshold (`charge:<job id>`): one attempt per trigger. */
    triggerKey: text('trigger_key').notNull().unique(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** pending → succeeded | requires_action | failed | cancelled; requires_action → on_session. */
    status: text('status').notNull().default('pending'),
    paymentIntentId: text('payment_intent_id').unique(),
    /** Stripe's error code (card_declined, authentication_required, …) of a payment that did not go through. */
    failureCode: text('failure_code'),
    /** The checkout the user finished the payment with, after the bank asked for confirmation. */
    checkoutSessionId: text('checkout_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    index('auto_top_ups_user_created_idx').on(t.userId, t.createdAt),
    // Never two payments in flight for one user, whatever the code above it does.
    uniqueIndex('auto_top_ups_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'requires_action')`),
    check('auto_top_ups_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

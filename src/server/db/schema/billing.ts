import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CodedText } from '@shared/coded-text';
import { LEDGER_KINDS } from '@shared/billing';
import { user } from './auth';

/**
 * Money (architecture.md): the account row holds the running balance, the ledger is the record,
 * and both change in one transaction. Amounts are integer cents; inside, balances are plain
 * positive numbers (the API applies the spec's negative-is-credit convention at the boundary).
 */

export const ledgerKind = pgEnum('ledger_kind', LEDGER_KINDS);

export const balanceAccounts = pgTable(
  'balance_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    availableCents: bigint('available_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Part of the balance the user may not spend: open payment disputes and card refunds asked
     * for but not yet reported by Stripe. It may exceed `available_cents` (a disputed top-up
     * already spent); what can be spent is `greatest(available_cents - frozen_cents, 0)`.
     */
    frozenCents: bigint('frozen_cents', { mode: 'number' }).notNull().default(0),
    freeGenerationsLeft: integer('free_generations_left').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The database itself refuses an overdraft, whatever the code above it does.
  (t) => [
    check('balance_accounts_available_non_negative', sql`${t.availableCents} >= 0`),
    check('balance_accounts_free_non_negative', sql`${t.freeGenerationsLeft} >= 0`),
    check('balance_accounts_frozen_non_negative', sql`${t.frozenCents} >= 0`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: ledgerKind('kind').notNull(),
    /** Signed: credits positive, debits negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Free images granted (+) or used (-) by this entry. */
    freeGenerationsDelta: integer('free_generations_delta').notNull().default(0),
    /** Checkout session id, job id, charge id...: unique per kind, so nothing posts twice. */
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    /** The line as a code and parameters, worded by the client in the reader's language (`description` keeps its English). */
    descriptionCode: jsonb('description_code').$type<CodedText>(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_kind_reference_idx').on(t.kind, t.reference),
    // Transaction history: a user's entries, newest first (ties by id), filtered by kind. NULLS
    // FIRST is what `order by … desc` means; with NULLS LAST the index could not give that order.
    index('ledger_entries_user_created_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The operator console's figures for a period, over every account.
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
);

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's checkout session id (cs_...) or a test-mode id (cs_test_local_...). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amountTotalCents: bigint('amount_total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    priceId: text('price_id'),
    status: text('status').notNull().default('open'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    /** Stripe's payment behind a paid session: what its refunds and disputes name. */
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('checkout_sessions_payment_intent_idx').on(t.paymentIntentId),
  ],
);

/**
 * Card payments given back, through Stripe. An operator's refund is a row from the moment it is
 * asked for (`requested`, then `submitted` once Stripe took it): its amount is frozen on the
 * account until Stripe's charge.refunded event takes the credit back through the ledger and
 * settles the row. A refund made elsewhere (Stripe's dashboard) is recorded when its event comes.
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    /** For an operator's refund, the console's request id (also Stripe's idempotency key). */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The top-up refunded, when known. */
    checkoutSessionId: text('checkout_session_id'),
    paymentIntentId: text('payment_intent_id').notNull(),
    stripeRefundId: text('stripe_refund_id').unique(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** 'requested' | 'submitted' | 'succeeded' | 'failed' */
    status: text('status').notNull(),
    /** Why Stripe refused it. */
    failure: text('failure'),
    /** The operator who asked; null for a refund made outside the console. */
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('card_refunds_payment_intent_idx').on(t.paymentIntentId, t.createdAt),
    index('card_refunds_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Stripe's disputes (chargebacks) of our card payments. An open dispute freezes its amount on the
 * account; closing releases it, and a lost one takes the amount back through the ledger
 * (reference `dispute:<id>`).
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    /** Stripe's dispute id (dp_…). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    chargeId: text('charge_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** Stripe's status as last reported (needs_response, under_review, won, lost, ...). */
    status: text('status').notNull(),
    /** What this dispute froze on the account while open (0 once closed). */
    frozenCents: bigint('frozen_cents', { mode: 'number' }).notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_disputes_user_idx').on(t.userId, t.openedAt.desc().nullsFirst()),
    index('payment_disputes_opened_idx').on(t.openedAt),
  ],
);

/**
 * The ledger entries of deleted accounts, kept for accounting without anything that names the
 * person (decision 016): no user id, only the payment provider's reference, the amounts and dates.
 * Entries are moved here, in the transaction that deletes the account.
 */
export const retainedLedgerEntries = pgTable(
  'retained_ledger_entries',
  {
    id: uuid('id').primaryKey(),
    /** The same random id for every entry of one deleted account, so its entries still add up. */
    erasedAccountId: uuid('erased_account_id').notNull(),
    kind: ledgerKind('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    freeGenerationsDelta: integer('free_generations_delta').notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    /** The line as a code and parameters, worded by the client in the reader's language (`description` keeps its English). */
    descriptionCode: jsonb('description_code').$type<CodedText>(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('retained_ledger_entries_kind_reference_idx').on(t.kind, t.reference),
    index('retained_ledger_entries_created_idx').on(t.createdAt),
  ],
);

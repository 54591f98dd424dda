import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cardRefunds, checkoutSessions } from '../../db/schema';

/** The card refunds' SQL: the rows of `card_refunds` and the frozen amounts that go with them. */

export type CardRefundRow = typeof cardRefunds.$inferSelect;
export type CardRefundStatus = 'requested' | 'submitted' | 'succeeded' | 'failed';

/** Statuses whose amount is frozen on the account: asked of Stripe and not yet reported back. */
export const PENDING_REFUND_STATUSES: CardRefundStatus[] = ['requested', 'submitted'];

export interface PaidTopUpRow {
  id: string;
  provider: string;
  amountCents: number;
  paidAt: Date | null;
  paymentIntentId: string | null;
  refundedCents: number;
  pendingRefundCents: number;
}

const topUpColumns = {
  id: checkoutSessions.id,
  provider: checkoutSessions.provider,
  amountCents: checkoutSessions.amountTotalCents,
  paidAt: checkoutSessions.completedAt,
  paymentIntentId: checkoutSessions.paymentIntentId,
  // Qualified by hand: Drizzle leaves a lone table's columns unqualified, and inside the subquery
  // that would name card_refunds' own column.
  refundedCents: sql<string>`coalesce((select sum(r.amount_cents) from ${cardRefunds} r where r.payment_intent_id = checkout_sessions.payment_intent_id and r.status = 'succeeded'), 0)`,
  pendingRefundCents: sql<string>`coalesce((select sum(r.amount_cents) from ${cardRefunds} r where r.payment_intent_id = checkout_sessions.payment_intent_id and r.status in ('requested', 'submitted')), 0)`,
};

const topUpOf = (row: {
  id: string;
  provider: string;
  amountCents: number;
  paidAt: Date | null;
  paymentIntentId: string | null;
  refundedCents: string;
  pendingRefundCents: string;
}): PaidTopUpRow => ({
  ...row,
  refundedCents: Number(row.refundedCents),
  pendingRefundCents: Number(row.pendingRefundCents),
});

/** The user's paid top-ups, newest first, with what was refunded of each and what is being refunded. */
export async function paidTopUpsOf(db: DbOrTx, userId: string): Promise<PaidTopUpRow[]> {
  const rows = await db
    .select(topUpColumns)
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.paymentStatus, 'paid')))
    .orderBy(sql`${checkoutSessions.completedAt} desc nulls last`, desc(checkoutSessions.createdAt));
  return rows.map(topUpOf);
}

/** One paid top-up of the user; another user's or an unpaid one is not found. */
export async function paidTopUpOf(db: DbOrTx, userId: string, checkoutSessionId: string): Promise<PaidTopUpRow | null> {
  const [row] = await db
    .select(topUpColumns)
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.id, checkoutSessionId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.paymentStatus, 'paid')),
    );
  return row ? topUpOf(row) : null;
}

export async function cardRefundsOf(db: DbOrTx, userId: string): Promise<CardRefundRow[]> {
  return db.select().from(cardRefunds).where(eq(cardRefunds.userId, userId)).orderBy(desc(cardRefunds.createdAt));
}

export async function findCardRefund(db: DbOrTx, id: string): Promise<CardRefundRow | null> {
  const [row] = await db.select().from(cardRefunds).where(eq(cardRefunds.id, id));
  return row ?? null;
}

export async function insertCardRefund(db: DbOrTx, row: typeof cardRefunds.$inferInsert): Promise<void> {
  await db.insert(cardRefunds).values(row);
}

/** Stripe took the refund: its id is kept (the row may have been settled by its event already). */
export async function recordStripeRefund(db: DbOrTx, id: string, stripeRefundId: string): Promise<void> {
  await db
    .update(cardRefunds)
    .set({ stripeRefundId, status: sql`case when ${cardRefunds.status} = 'requested' then 'submitted' else ${cardRefunds.status} end` })
    .where(eq(cardRefunds.id, id));
}

/** A pending refund that Stripe refused: answers its amount (to release), or null when it was not pending. */
export async function failPendingRefund(db: DbOrTx, id: string, failure: string): Promise<{ userId: string; amountCents: number } | null> {
  const [row] = await db
    .update(cardRefunds)
    .set({ status: 'failed', failure, settledAt: new Date() })
    .where(and(eq(cardRefunds.id, id), inArray(cardRefunds.status, PENDING_REFUND_STATUSES)))
    .returning({ userId: cardRefunds.userId, amountCents: cardRefunds.amountCents });
  return row ?? null;
}

/** The pending refunds of one payment, oldest first, locked for the caller's transaction. */
export async function lockPendingRefunds(tx: DbOrTx, paymentIntentId: string): Promise<CardRefundRow[]> {
  return tx
    .select()
    .from(cardRefunds)
    .where(and(eq(cardRefunds.paymentIntentId, paymentIntentId), inArray(cardRefunds.status, PENDING_REFUND_STATUSES)))
    .orderBy(cardRefunds.createdAt)
    .for('update');
}

export async function markRefundSucceeded(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(cardRefunds).set({ status: 'succeeded', settledAt: new Date() }).where(eq(cardRefunds.id, id));
}

export async function checkoutSessionOfPayment(db: DbOrTx, paymentIntentId: string): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: checkoutSessions.id, userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.paymentIntentId, paymentIntentId));
  return row ?? null;
}

import { coded } from '@shared/coded-text';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { debitAdjustment, findUserIdByStripeCustomer, lockAccount } from './billing.repository';
import { checkoutSessionOfPayment } from './card-refunds.repository';
import { changeFrozen } from './corrections.repository';
import {
  closeDisputeRow,
  disputesOf,
  findDispute,
  insertDispute,
  lockDispute,
  updateDisputeStatus,
  type DisputeRow,
} from './disputes.repository';

/**
 * Payment disputes (chargebacks), from Stripe's charge.dispute.created and charge.dispute.closed
 * events (decision 031). While a dispute is open its amount is frozen: the user cannot spend it
 * (the debit spends only what is not frozen). Closing releases it; a lost dispute takes the amount
 * back through the ledger (an `adjustment` with reference `dispute:<id>`), never below zero.
 * Events come at least once and in any order; every step here is safe to repeat.
 */

export type { DisputeRow } from './disputes.repository';

/** A dispute's ledger reference, once lost. */
export const disputeReference = (disputeId: string) => `dispute:${disputeId}`;

/** Stripe's statuses of a dispute that has ended; only `lost` takes the money back. */
const CLOSED_STATUSES = new Set(['won', 'lost', 'warning_closed', 'prevented']);

const idOf = (value: string | { id: string } | null): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** Whose payment is disputed: by the payment behind one of our top-ups, else by the charge's Stripe customer. */
async function ownerOf(db: Db, stripe: Stripe, dispute: Stripe.Dispute): Promise<string | null> {
  const paymentIntentId = idOf(dispute.payment_intent);
  if (paymentIntentId) {
    const topUp = await checkoutSessionOfPayment(db, paymentIntentId);
    if (topUp) return topUp.userId;
  }
  const chargeId = idOf(dispute.charge);
  if (!chargeId) return null;
  const charge = await stripe.charges.retrieve(chargeId);
  const customerId = idOf(charge.customer);
  return customerId ? findUserIdByStripeCustomer(db, customerId) : null;
}

/** charge.dispute.created (and .updated, which may come first): the dispute is recorded and its amount frozen, once. */
export async function recordDisputeOpened(db: Db, stripe: Stripe, dispute: Stripe.Dispute, logger: Logger): Promise<void> {
  if (CLOSED_STATUSES.has(dispute.status)) return recordDisputeClosed(db, stripe, dispute, logger);
  const userId = await ownerOf(db, stripe, dispute);
  if (!userId) {
    logger.warn({ disputeId: dispute.id }, 'dispute of a payment that is not ours; nothing frozen');
    return;
  }
  await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const inserted = await insertDispute(tx, { ...rowOf(dispute, userId), frozenCents: dispute.amount });
    if (inserted) await changeFrozen(tx, userId, dispute.amount);
    else await updateOpenStatus(tx, dispute);
  });
  logger.info({ disputeId: dispute.id, userId, amount: dispute.amount }, 'payment disputed; its amount is frozen');
}

async function updateOpenStatus(tx: DbOrTx, dispute: Stripe.Dispute): Promise<void> {
  const row = await lockDispute(tx, dispute.id);
  if (row && !row.closedAt) await updateDisputeStatus(tx, dispute.id, dispute.status);
}

/**
 * charge.dispute.closed: releases what the dispute froze and, when it was lost, takes the amount
 * back through the ledger (what the balance still holds of it; the entry says so when less).
 * A dispute first heard of when it closes is recorded closed.
 */
export async function recordDisputeClosed(db: Db, stripe: Stripe, dispute: Stripe.Dispute, logger: Logger): Promise<void> {
  const userId = (await findDispute(db, dispute.id))?.userId ?? (await ownerOf(db, stripe, dispute));
  if (!userId) {
    logger.warn({ disputeId: dispute.id }, 'closed dispute of a payment that is not ours; nothing done');
    return;
  }
  await db.transaction(async (tx) => {
    // The account's lock orders every event of this user's disputes: a repeat finds the dispute closed.
    const account = await lockAccount(tx, userId);
    const row = await lockDispute(tx, dispute.id);
    if (row?.closedAt) return;
    if (!row) await insertDispute(tx, { ...rowOf(dispute, userId), frozenCents: 0 });
    else if (row.frozenCents > 0) await changeFrozen(tx, userId, -row.frozenCents);
    await closeDisputeRow(tx, dispute.id, dispute.status);
    if (dispute.status !== 'lost') return;
    const taken = Math.min(dispute.amount, account.availableCents);
    const description =
      taken < dispute.amount
        ? coded('ledger.disputeLostPartly', { amount: { cents: dispute.amount }, taken: { cents: taken } })
        : coded('ledger.disputeLost', { amount: { cents: dispute.amount } });
    await debitAdjustment(tx, { userId, cents: taken, reference: disputeReference(dispute.id), description });
  });
  logger.info({ disputeId: dispute.id, userId, status: dispute.status }, 'dispute closed');
}

function rowOf(dispute: Stripe.Dispute, userId: string) {
  return {
    id: dispute.id,
    userId,
    chargeId: idOf(dispute.charge) ?? '',
    paymentIntentId: idOf(dispute.payment_intent),
    amountCents: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
    openedAt: new Date(dispute.created * 1000),
  };
}

/** The user's disputes, newest first (the operator console). */
export function disputesOfUser(db: DbOrTx, userId: string): Promise<DisputeRow[]> {
  return disputesOf(db, userId);
}

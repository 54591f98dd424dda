import { coded } from '@shared/coded-text';
import { AppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { findAccount, savePaymentIntent } from './billing.repository';
import { spendableCents } from './billing.service';
import {
  cardRefundsOf,
  checkoutSessionOfPayment,
  failPendingRefund,
  findCardRefund,
  insertCardRefund,
  lockPendingRefunds,
  markRefundSucceeded,
  paidTopUpOf,
  paidTopUpsOf,
  PENDING_REFUND_STATUSES,
  recordStripeRefund,
  type CardRefundRow,
  type PaidTopUpRow,
} from './card-refunds.repository';
import { changeFrozen, lockAccountFigures } from './corrections.repository';
import type { Correction } from './corrections.service';
import { PaymentRefusedError } from './payment-provider';

/**
 * Card refunds an operator gives through Stripe (decision 031). The console never posts the ledger
 * entry itself: asking freezes the amount on the account (so it cannot be spent meanwhile), Stripe
 * is asked with the request id as its idempotency key, and the charge.refunded event — the one
 * place a card refund becomes a ledger entry, whoever made the refund — takes the credit back and
 * releases the frozen amount in one transaction. So the console and the webhook cannot both post.
 */

export type { CardRefundRow } from './card-refunds.repository';

export interface RefundableTopUp extends PaidTopUpRow {
  /** The unrefunded part of the payment, at most what the balance can still spend; 0 when it cannot be refunded. */
  refundableCents: number;
}

type RefundDeps = Pick<AppDeps, 'db' | 'payments'>;

const refusal = (reason: string, message: string, details: Record<string, unknown> = {}) =>
  new AppError('BAD_REQUEST', message, { details: { reason, ...details } });

function mostRefundable(topUp: PaidTopUpRow, spendable: number): number {
  if (topUp.provider !== 'stripe') return 0;
  return Math.max(0, Math.min(topUp.amountCents - topUp.refundedCents - topUp.pendingRefundCents, spendable));
}

/** The user's paid top-ups with what each may still give back, and every card refund of the account. */
export async function topUpsAndRefundsOf(db: DbOrTx, userId: string): Promise<{ topUps: RefundableTopUp[]; refunds: CardRefundRow[] }> {
  const [account, topUps, refunds] = await Promise.all([findAccount(db, userId), paidTopUpsOf(db, userId), cardRefundsOf(db, userId)]);
  const spendable = account ? spendableCents(account) : 0;
  return { topUps: topUps.map((topUp) => ({ ...topUp, refundableCents: mostRefundable(topUp, spendable) })), refunds };
}

/**
 * A top-up credited before its payment was recorded (or whose event did not carry it) learns it
 * from Stripe, before a refund is asked for. Outside any transaction: it calls Stripe.
 */
export async function ensurePaymentKnown(deps: RefundDeps, userId: string, checkoutSessionId: string): Promise<void> {
  const topUp = await paidTopUpOf(deps.db, userId, checkoutSessionId);
  if (!topUp) throw new AppError('NOT_FOUND', 'No such top-up of this account', { text: coded('error.topUpNotFound') });
  if (topUp.provider !== 'stripe') throw refusal('NOT_REFUNDABLE', 'This top-up was made in test mode: there is no card payment to refund');
  if (topUp.paymentIntentId) return;
  const snapshot = await deps.payments.provider.retrieveCheckout(checkoutSessionId);
  if (!snapshot?.paymentIntentId) throw refusal('NOT_REFUNDABLE', 'Stripe names no payment for this top-up');
  await savePaymentIntent(deps.db, checkoutSessionId, snapshot.paymentIntentId);
}

/**
 * Records an operator's refund and freezes its amount, in the caller's transaction (which writes
 * the audit entry too). Never more than the unspent part of that top-up: its unrefunded amount,
 * and no more than the balance can spend.
 *
 * @throws AppError NOT_FOUND for another user's or an unpaid top-up; BAD_REQUEST (NOT_REFUNDABLE,
 *   REFUND_TOO_LARGE) otherwise; nothing is written then.
 */
export async function reserveCardRefund(
  tx: DbOrTx,
  input: { userId: string; checkoutSessionId: string; amountCents: number; requestId: string; operatorId: string },
): Promise<Correction & { refund: CardRefundRow }> {
  const before = await lockAccountFigures(tx, input.userId);
  const topUp = await paidTopUpOf(tx, input.userId, input.checkoutSessionId);
  if (!topUp) throw new AppError('NOT_FOUND', 'No such top-up of this account', { text: coded('error.topUpNotFound') });
  if (topUp.provider !== 'stripe' || !topUp.paymentIntentId) throw refusal('NOT_REFUNDABLE', 'This top-up has no card payment to refund');
  const most = mostRefundable(topUp, spendableCents(before));
  if (input.amountCents > most) {
    throw refusal(
      'REFUND_TOO_LARGE',
      `At most ${formatCents(most)} of this top-up can be refunded now: its unrefunded amount, no more than the balance can spend`,
      {
        refundableCents: most,
      },
    );
  }
  const refund: CardRefundRow = {
    id: input.requestId,
    userId: input.userId,
    checkoutSessionId: topUp.id,
    paymentIntentId: topUp.paymentIntentId,
    stripeRefundId: null,
    amountCents: input.amountCents,
    status: 'requested',
    failure: null,
    requestedBy: input.operatorId,
    createdAt: new Date(),
    settledAt: null,
  };
  await insertCardRefund(tx, refund);
  const after = await changeFrozen(tx, input.userId, input.amountCents);
  return { before, after, refund };
}

/**
 * Asks Stripe for a reserved refund (again, if an earlier try's answer was lost: the idempotency
 * key makes it the same refund). A refusal releases the frozen amount and says why; no answer at
 * all leaves the refund pending, to be submitted again.
 */
export async function submitCardRefund(deps: RefundDeps, refundId: string): Promise<CardRefundRow> {
  const row = await findCardRefund(deps.db, refundId);
  if (!row) throw new AppError('NOT_FOUND', 'No such card refund', { text: coded('error.cardRefundNotFound') });
  if (!(PENDING_REFUND_STATUSES as string[]).includes(row.status) || row.stripeRefundId) return row;
  const refundPayment = deps.payments.provider.refundPayment?.bind(deps.payments.provider);
  if (!refundPayment) throw refusal('NOT_REFUNDABLE', 'Card refunds need Stripe; payments run in test mode');
  try {
    const { refundId: stripeRefundId } = await refundPayment({
      paymentIntentId: row.paymentIntentId,
      amountCents: row.amountCents,
      idempotencyKey: `photomuse-refund-${row.id}`,
      metadata: { photomuse_refund_id: row.id, user_id: row.userId },
    });
    await recordStripeRefund(deps.db, row.id, stripeRefundId);
  } catch (error) {
    if (!(error instanceof PaymentRefusedError)) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Stripe did not answer; the refund stays pending. Submit the same refund again to finish it.',
        { cause: error, text: coded('error.refundPending') },
      );
    }
    await deps.db.transaction(async (tx) => {
      await lockAccountFigures(tx, row.userId);
      const failed = await failPendingRefund(tx, row.id, error.message);
      if (failed) await changeFrozen(tx, row.userId, -failed.amountCents);
    });
    throw refusal('STRIPE_REFUSED', `Stripe refused the refund: ${error.message}`, { stripeCode: error.code ?? null });
  }
  return (await findCardRefund(deps.db, refundId))!;
}

/**
 * In the transaction of a charge.refunded event that took `refundedNowCents` back from the
 * balance: the console's pending refunds of that payment that this covers are settled, oldest
 * first, and their frozen amount released; the rest (a refund made in Stripe's dashboard) is
 * recorded as it is.
 */
export async function settleReportedRefunds(
  tx: DbOrTx,
  input: { userId: string; paymentIntentId: string; refundedNowCents: number },
): Promise<void> {
  let remaining = input.refundedNowCents;
  let released = 0;
  for (const pending of await lockPendingRefunds(tx, input.paymentIntentId)) {
    if (pending.amountCents > remaining) continue;
    await markRefundSucceeded(tx, pending.id);
    remaining -= pending.amountCents;
    released += pending.amountCents;
  }
  if (released > 0) await changeFrozen(tx, input.userId, -released);
  if (remaining > 0) {
    const topUp = await checkoutSessionOfPayment(tx, input.paymentIntentId);
    await insertCardRefund(tx, {
      userId: input.userId,
      checkoutSessionId: topUp?.id ?? null,
      paymentIntentId: input.paymentIntentId,
      amountCents: remaining,
      status: 'succeeded',
      settledAt: new Date(),
    });
  }
}

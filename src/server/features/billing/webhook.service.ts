import { coded } from '@shared/coded-text';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { adjustmentReferencesWithPrefix, debitAdjustment, findUserIdByStripeCustomer, lockAccount } from './billing.repository';
import { settleReportedRefunds } from './card-refunds.service';
import { fulfilCheckoutSession } from './checkout.service';
import type { BalanceMailDeps } from './balance-mails.service';
import { recordDisputeClosed, recordDisputeOpened } from './disputes.service';
import { isUniqueViolation } from '../../db/pg-errors';
import { snapshotOfStripeSession } from './stripe-provider';
import { creditAutoTopUpFromWebhook } from './auto-top-up.service';
import type { Payments } from './payments';

/**
 * What a verified Stripe event does. Stripe delivers at least once, in any order, sometimes
 * concurrently; every branch here is safe to run again.
 */
export async function handleStripeEvent(
  { db, stripe, mails }: { db: Db; stripe: Stripe; mails?: BalanceMailDeps & { payments?: Payments } },
  event: Stripe.Event,
  logger: Logger,
): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      // A completed session may still be unpaid (bank debits): fulfilment credits only 'paid'.
      await fulfilCheckoutSession(db, snapshotOfStripeSession(event.data.object), logger, mails);
      return;
    case 'checkout.session.async_payment_failed':
      await fulfilCheckoutSession(db, { ...snapshotOfStripeSession(event.data.object), paymentStatus: 'failed' }, logger, mails);
      return;
    case 'charge.refunded':
      await takeBackRefundedCharge(db, event.data.object, logger);
      return;
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
      await recordDisputeOpened(db, stripe, event.data.object, logger);
      return;
    case 'charge.dispute.closed':
      await recordDisputeClosed(db, stripe, event.data.object, logger);
      return;
    case 'payment_intent.succeeded':
      // Auto top-ups (metadata.auto_top_up_id); checkout payments are credited by their session's events.
      if (mails?.payments) await creditAutoTopUpFromWebhook(db, { ...mails, payments: mails.payments }, event.data.object, logger);
      return;
    default:
      logger.debug({ eventType: event.type }, 'stripe event ignored');
  }
}

/**
 * A refunded card payment takes its credit back as a negative adjustment, never below zero: what
 * could not be taken is recorded in the entry's description. Each entry's reference is
 * `${chargeId}:${amountRefundedSoFar}`, so a redelivered event posts nothing and a later partial
 * refund of the same charge posts only the difference. This is the one place a card refund
 * reaches the ledger, the operator console's included: in the same transaction the console's
 * pending refunds it covers are settled and their frozen amount released.
 */
export async function takeBackRefundedCharge(db: Db, charge: Stripe.Charge, logger: Logger): Promise<void> {
  const customerId = typeof charge.customer === 'string' ? charge.customer : charge.customer?.id;
  const userId = customerId ? await findUserIdByStripeCustomer(db, customerId) : null;
  if (!userId) {
    logger.warn({ chargeId: charge.id }, 'refunded charge of an unknown customer; nothing adjusted');
    return;
  }
  const prefix = `${charge.id}:`;
  try {
    await db.transaction(async (tx) => {
      // The lock orders every adjustment of this user, so "what was already taken back" is exact.
      const account = await lockAccount(tx, userId);
      const earlier = (await adjustmentReferencesWithPrefix(tx, prefix)).map((reference) => Number(reference.slice(prefix.length)) || 0);
      const requested = charge.amount_refunded - Math.max(0, ...earlier);
      if (requested <= 0) return;
      const taken = Math.min(requested, account.availableCents);
      const description =
        taken < requested
          ? coded('ledger.cardRefundedPartly', { amount: { cents: requested }, taken: { cents: taken } })
          : coded('ledger.cardRefunded', { amount: { cents: requested } });
      await debitAdjustment(tx, { userId, cents: taken, reference: `${prefix}${charge.amount_refunded}`, description });
      const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (paymentIntentId) await settleReportedRefunds(tx, { userId, paymentIntentId, refundedNowCents: requested });
      logger.info({ chargeId: charge.id, userId, requested, taken }, 'refunded charge taken back from the balance');
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

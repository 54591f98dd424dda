import { coded, type CodedText } from '@shared/coded-text';
import type { CheckoutVerification, EmbeddedCheckout, HostedCheckout, TestCheckout } from '@shared/billing';
import { AppError } from '@shared/errors';
import { CURRENCY } from '@shared/constants';
import { DEFAULT_PRODUCT_ALIAS } from '@shared/money';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import {
  creditTopUp,
  findCheckoutSession,
  findCheckoutSessionById,
  insertCheckoutSession,
  ledgerEntryExists,
  savePaymentIntent,
  updateCheckoutSessionStatus,
  type CheckoutSessionRow,
} from './billing.repository';
import type { CheckoutBuyer, CheckoutSnapshot, PaymentProvider } from './payment-provider';
import { isUniqueViolation } from '../../db/pg-errors';
import { queueTopUpReceipt, type BalanceMailDeps } from './balance-mails.service';

/**
 * Checkout: creating sessions, and fulfilling them. `fulfilCheckoutSession` is the one place a
 * payment becomes credit; the success page's verify call, the Stripe webhook and the test-mode
 * checkout all go through it, in any order, any number of times, concurrently.
 */

export type FulfilmentOutcome = 'credited' | 'already_credited' | 'not_paid' | 'unknown_session';

export interface FulfilmentResult {
  outcome: FulfilmentOutcome;
  session: CheckoutSessionRow | null;
}

const TOP_UP_DESCRIPTION: Record<string, CodedText> = {
  stripe: coded('ledger.topUpCard'),
  test: coded('ledger.topUpTest'),
};

/**
 * Credits a paid checkout session exactly once, keyed on its id: the top_up entry's reference
 * is the session id and unique, so whichever caller comes second finds it (or loses the insert
 * race on the unique index) and credits nothing. Unpaid sessions only have their status recorded.
 */
export async function fulfilCheckoutSession(
  db: Db,
  snapshot: CheckoutSnapshot,
  logger?: Logger,
  mails?: BalanceMailDeps,
): Promise<FulfilmentResult> {
  const known = await findCheckoutSessionById(db, snapshot.id);
  if (!known) {
    logger?.warn({ checkoutSessionId: snapshot.id }, 'checkout session unknown here; nothing credited');
    return { outcome: 'unknown_session', session: null };
  }
  const currency = snapshot.currency ?? known.currency;
  if (snapshot.paymentStatus !== 'paid' || currency !== CURRENCY) {
    if (snapshot.paymentStatus === 'paid')
      logger?.error({ checkoutSessionId: snapshot.id, currency }, 'paid in an unsupported currency; nothing credited');
    await updateCheckoutSessionStatus(db, snapshot.id, snapshot.status, snapshot.paymentStatus);
    return { outcome: 'not_paid', session: await findCheckoutSessionById(db, snapshot.id) };
  }

  const amountCents = snapshot.amountTotal ?? known.amountTotalCents;
  const outcome = await db.transaction(async (tx): Promise<FulfilmentOutcome> => {
    // Concurrent fulfilments of one session queue on this row, so the second usually sees the
    // first's entry below; the unique index settles the rest.
    await updateCheckoutSessionStatus(tx, snapshot.id, 'complete', 'paid');
    // Its refunds and disputes will name the payment, not the session.
    if (snapshot.paymentIntentId) await savePaymentIntent(tx, snapshot.id, snapshot.paymentIntentId);
    if (await ledgerEntryExists(tx, 'top_up', snapshot.id)) return 'already_credited';
    try {
      const balanceCents = await tx.transaction((savepoint) =>
        creditTopUp(savepoint, {
          userId: known.userId,
          amountCents,
          reference: snapshot.id,
          description: TOP_UP_DESCRIPTION[known.provider] ?? TOP_UP_DESCRIPTION.stripe!,
        }),
      );
      // Committed with the credit, so exactly one receipt goes out per credited payment.
      if (mails)
        await queueTopUpReceipt(tx, mails, {
          userId: known.userId,
          amountCents,
          balanceCents,
          reference: snapshot.id,
          provider: known.provider,
        });
      return 'credited';
    } catch (error) {
      if (isUniqueViolation(error)) return 'already_credited';
      throw error;
    }
  });
  if (outcome === 'credited')
    logger?.info({ checkoutSessionId: snapshot.id, userId: known.userId, amountCents }, 'checkout session credited');
  return { outcome, session: await findCheckoutSessionById(db, snapshot.id) };
}

const VERIFICATION_MESSAGES: Record<CheckoutVerification['status'], string> = {
  success: 'Your payment went through and the credit was added to your balance.',
  processing: 'Your payment is processing. Your balance will be updated when it completes.',
  open: 'Your payment has not been completed.',
  expired: 'This checkout session has expired. No payment was taken.',
  failed: 'Your payment failed. No credit was added.',
};

function verificationStatus(session: CheckoutSessionRow): CheckoutVerification['status'] {
  if (session.paymentStatus === 'paid') return 'success';
  if (session.paymentStatus === 'failed') return 'failed';
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') return 'processing';
  return 'open';
}

function verificationOf(session: CheckoutSessionRow, snapshot: CheckoutSnapshot | null, fallbackEmail: string): CheckoutVerification {
  const status = verificationStatus(session);
  return {
    status,
    message: VERIFICATION_MESSAGES[status],
    customer_email: snapshot?.customerEmail ?? fallbackEmail,
    amount_total: snapshot?.amountTotal ?? session.amountTotalCents,
    currency: snapshot?.currency ?? session.currency,
  };
}

const sessionNotFound = (sessionId: string) =>
  new AppError('NOT_FOUND', `No checkout session ${sessionId}`, { text: coded('error.checkoutNotFound') });

/**
 * The success page's check: asks the provider, credits the session if it is paid (the webhook
 * may not have arrived yet), and says how it stands. Only the session's owner may ask.
 */
export async function verifyCheckoutSession(
  db: Db,
  provider: PaymentProvider,
  buyer: CheckoutBuyer,
  sessionId: string,
  logger?: Logger,
  mails?: BalanceMailDeps,
): Promise<CheckoutVerification> {
  const mine = await findCheckoutSession(db, buyer.userId, sessionId);
  if (!mine) throw sessionNotFound(sessionId);
  const snapshot = await provider.retrieveCheckout(sessionId);
  if (!snapshot) throw sessionNotFound(sessionId);
  const { session } = await fulfilCheckoutSession(db, snapshot, logger, mails);
  return verificationOf(session ?? mine, snapshot, buyer.email);
}

/** A package bought through the embedded checkout; the price must be one this server sells. */
export async function createPackageCheckout(
  db: Db,
  provider: PaymentProvider,
  buyer: CheckoutBuyer,
  priceId: string,
): Promise<EmbeddedCheckout> {
  const price = (await provider.listPrices(DEFAULT_PRODUCT_ALIAS))?.find((p) => p.id === priceId);
  if (!price)
    throw new AppError('VALIDATION_ERROR', `Unknown price ${priceId}`, {
      text: coded('error.unknownPrice'),
      details: { fields: [{ field: 'priceId', message: 'Unknown price' }] },
    });
  const created = await provider.createEmbeddedCheckout(buyer, price);
  await insertCheckoutSession(db, {
    id: created.sessionId,
    userId: buyer.userId,
    provider: provider.name,
    amountTotalCents: created.amountTotalCents,
    currency: created.currency,
    priceId: created.priceId,
  });
  return { clientSecret: created.clientSecret, sessionId: created.sessionId };
}

/** A custom amount through the provider's hosted checkout page. */
export async function createCustomTopUp(
  db: Db,
  provider: PaymentProvider,
  buyer: CheckoutBuyer,
  amountCents: number,
): Promise<HostedCheckout> {
  const created = await provider.createHostedCheckout(buyer, amountCents);
  await insertCheckoutSession(db, {
    id: created.sessionId,
    userId: buyer.userId,
    provider: provider.name,
    amountTotalCents: created.amountTotalCents,
    currency: created.currency,
    priceId: null,
  });
  return { sessionId: created.sessionId, url: created.url };
}

async function myTestSession(db: Db, userId: string, sessionId: string): Promise<CheckoutSessionRow> {
  const session = await findCheckoutSession(db, userId, sessionId);
  if (!session || session.provider !== 'test') throw sessionNotFound(sessionId);
  return session;
}

/** What the local checkout page shows. */
export async function testCheckoutDetails(db: Db, userId: string, sessionId: string): Promise<TestCheckout> {
  const session = await myTestSession(db, userId, sessionId);
  return {
    id: session.id,
    amount_total: session.amountTotalCents,
    currency: session.currency,
    status: session.status,
    payment_status: session.paymentStatus,
  };
}

/** The local checkout's Pay button: the session is paid, through the same fulfilment as Stripe's. */
export async function completeTestCheckout(
  db: Db,
  buyer: CheckoutBuyer,
  sessionId: string,
  logger?: Logger,
  mails?: BalanceMailDeps,
): Promise<CheckoutVerification> {
  const session = await myTestSession(db, buyer.userId, sessionId);
  if (session.status === 'expired')
    throw new AppError('BAD_REQUEST', 'This checkout session has expired', { text: coded('error.checkoutExpired') });
  const snapshot: CheckoutSnapshot = {
    id: session.id,
    status: 'complete',
    paymentStatus: 'paid',
    amountTotal: session.amountTotalCents,
    currency: session.currency,
    customerEmail: buyer.email,
    paymentIntentId: null,
  };
  const result = await fulfilCheckoutSession(db, snapshot, logger, mails);
  return verificationOf(result.session ?? session, snapshot, buyer.email);
}

/** The local checkout's Cancel button: the session can no longer be paid (as an expired Stripe session). */
export async function cancelTestCheckout(db: Db, userId: string, sessionId: string): Promise<void> {
  const session = await myTestSession(db, userId, sessionId);
  if (session.paymentStatus !== 'paid') await updateCheckoutSessionStatus(db, session.id, 'expired', session.paymentStatus);
}

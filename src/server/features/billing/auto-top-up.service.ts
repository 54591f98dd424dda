import { coded } from '@shared/coded-text';
import { autoTopUpProblems, type AutoTopUpSettings, type AutoTopUpUpdate } from '@shared/auto-top-up';
import type { HostedCheckout } from '@shared/billing';
import { AppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import type { AppDeps } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Logger } from '../../lib/logger';
import {
  autoTopUpCentsThisMonth,
  cancelPendingAttempts,
  closeWaitingAttempt,
  findAttemptById,
  findAutoTopUpSettings,
  findMyAttempt,
  findOpenAttempt,
  insertAttempt,
  lockAttempt,
  turnAutoTopUpOff,
  updateAttempt,
  upsertAutoTopUpSettings,
  type AutoTopUpRow,
} from './auto-top-up.repository';
import { creditTopUp, findUserEmail, ledgerEntryExists } from './billing.repository';
import { queueTopUpReceipt, type BalanceMailDeps } from './balance-mails.service';
import { createCustomTopUp } from './checkout.service';
import type { CheckoutBuyer, OffSessionOutcome } from './payment-provider';

/**
 * Auto top-up: a charge that leaves the balance below the user's threshold queues ONE attempt
 * (a row, and a job in the charge's transaction); the job pays off-session with the saved card,
 * outside any transaction, with the attempt's id as the idempotency key; the credit goes through
 * the top-up ledger entry (unique reference = the PaymentIntent) and the receipt of every top-up.
 */

export type AutoTopUpDeps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'payments' | 'logger'>;

/** The Billing page's link: where an e-mail sends the user. */
const billingSection = (appUrl: string) => `${appUrl}/billing#auto-top-up`;

export async function autoTopUpSettingsOf(deps: Pick<AppDeps, 'db' | 'payments'>, userId: string): Promise<AutoTopUpSettings> {
  const { db } = deps;
  const settings = await findAutoTopUpSettings(db, userId);
  const open = await findOpenAttempt(db, userId);
  return {
    enabled: settings?.enabled ?? false,
    threshold_cents: settings?.thresholdCents ?? null,
    amount_cents: settings?.amountCents ?? null,
    monthly_max_cents: settings?.monthlyMaxCents ?? null,
    card:
      settings?.paymentMethodId && settings.cardBrand && settings.cardLast4
        ? { brand: settings.cardBrand, last4: settings.cardLast4 }
        : null,
    off_reason: settings?.offReason === 'declined' || settings?.offReason === 'card_removed' ? settings.offReason : null,
    this_month_cents: await autoTopUpCentsThisMonth(db, userId),
    needs_confirmation: open?.status === 'requires_action' ? { id: open.id, amount_cents: open.amountCents } : null,
    test_mode: deps.payments.provider.name === 'test',
  };
}

/** Turning it on needs a saved card and sensible amounts; each refusal carries its code. */
export async function updateAutoTopUp(db: Db, userId: string, update: AutoTopUpUpdate): Promise<void> {
  if (!update.enabled) {
    await upsertAutoTopUpSettings(db, userId, { enabled: false, offReason: null });
    return;
  }
  const problems = autoTopUpProblems(update);
  if (problems.length > 0)
    throw new AppError('VALIDATION_ERROR', `Auto top-up settings refused: ${problems.map((p) => p.code).join(', ')}`, {
      details: { auto_top_up: problems, fields: problems.map((p) => ({ field: p.field, message: p.code })) },
    });
  const settings = await findAutoTopUpSettings(db, userId);
  if (!settings?.paymentMethodId)
    throw new AppError('BAD_REQUEST', 'Save a card before turning on auto top-up', {
      details: { auto_top_up: [{ field: 'card', code: 'card_required' }] },
    });
  await upsertAutoTopUpSettings(db, userId, {
    enabled: true,
    offReason: null,
    thresholdCents: update.threshold_cents,
    amountCents: update.amount_cents,
    monthlyMaxCents: update.monthly_max_cents,
  });
}

export async function startCardSetup(deps: Pick<AppDeps, 'payments' | 'config'>, buyer: CheckoutBuyer): Promise<{ url: string }> {
  return deps.payments.cards.startCardSetup(buyer, `${deps.config.appUrl}/billing?card_setup={CHECKOUT_SESSION_ID}#auto-top-up`);
}

/** After the card setup: the card it saved becomes the one auto top-up charges (the previous one is detached). */
export async function saveCardFromSetup(
  deps: Pick<AppDeps, 'db' | 'payments' | 'logger'>,
  buyer: CheckoutBuyer,
  setupId: string,
): Promise<void> {
  const card = await deps.payments.cards.savedCardOfSetup(buyer, setupId);
  if (!card) throw new AppError('NOT_FOUND', `No finished card setup ${setupId}`);
  const previous = await findAutoTopUpSettings(deps.db, buyer.userId);
  await upsertAutoTopUpSettings(deps.db, buyer.userId, {
    paymentMethodId: card.paymentMethodId,
    cardBrand: card.brand,
    cardLast4: card.last4,
  });
  if (previous?.paymentMethodId && previous.paymentMethodId !== card.paymentMethodId)
    await deps.payments.cards.removeCard(previous.paymentMethodId).catch((error: unknown) => {
      deps.logger.warn({ err: error, userId: buyer.userId }, 'the replaced card could not be detached');
    });
}

/**
 * Removing the card turns auto top-up off first (nothing new is queued, nothing queued is sent),
 * then detaches the card at the provider, so even a payment already asked for cannot be repeated.
 */
export async function removeCard(deps: Pick<AppDeps, 'db' | 'payments'>, userId: string): Promise<void> {
  const paymentMethodId = await deps.db.transaction(async (tx) => {
    const settings = await findAutoTopUpSettings(tx, userId);
    if (!settings?.paymentMethodId) return null;
    await upsertAutoTopUpSettings(tx, userId, {
      enabled: false,
      offReason: settings.enabled ? 'card_removed' : settings.offReason,
      paymentMethodId: null,
      cardBrand: null,
      cardLast4: null,
    });
    await cancelPendingAttempts(tx, userId);
    return settings.paymentMethodId;
  });
  if (paymentMethodId) await deps.payments.cards.removeCard(paymentMethodId);
}

/**
 * Called by the debit, in its transaction, with the account row locked: charges are counted
 * one after the other, so of any number of concurrent charges exactly one finds no attempt in
 * flight and queues one. Never calls the provider: that is the job's work, after commit.
 */
export async function queueAutoTopUpIfDue(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'jobs'>,
  change: { userId: string; chargeReference: string; beforeCents: number; afterCents: number },
): Promise<void> {
  if (change.afterCents >= change.beforeCents) return;
  const settings = await findAutoTopUpSettings(tx, change.userId);
  if (!settings?.enabled || !settings.paymentMethodId || settings.thresholdCents === null || settings.amountCents === null) return;
  if (change.afterCents >= settings.thresholdCents) return;
  if (await findOpenAttempt(tx, change.userId)) return;
  if (
    settings.monthlyMaxCents !== null &&
    (await autoTopUpCentsThisMonth(tx, change.userId)) + settings.amountCents > settings.monthlyMaxCents
  )
    return;
  const attempt = await insertAttempt(tx, {
    userId: change.userId,
    triggerKey: `charge:${change.chargeReference}`,
    amountCents: settings.amountCents,
  });
  if (attempt) await deps.jobs.enqueue(tx, 'auto-top-up', { autoTopUpId: attempt.id });
}

/** The idempotency key of an attempt's PaymentIntent: the same across retries and restarts. */
export const idempotencyKeyOf = (attemptId: string) => `photomuse-auto-top-up-${attemptId}`;

/** The job: one off-session payment for the attempt, then its outcome recorded. */
export async function runAutoTopUp(deps: AutoTopUpDeps, attemptId: string): Promise<void> {
  const { db, logger } = deps;
  const attempt = await findAttemptById(db, attemptId);
  if (!attempt || attempt.status !== 'pending') return;
  const settings = await findAutoTopUpSettings(db, attempt.userId);
  if (!settings?.enabled || !settings.paymentMethodId) {
    await updateAttempt(db, attempt.id, { status: 'cancelled' });
    return;
  }
  const outcome = await deps.payments.cards.chargeSavedCard({
    userId: attempt.userId,
    paymentMethodId: settings.paymentMethodId,
    amountCents: attempt.amountCents,
    idempotencyKey: idempotencyKeyOf(attempt.id),
    metadata: { user_id: attempt.userId, auto_top_up_id: attempt.id },
  });
  await settleAttempt(deps, attempt, outcome, logger);
}

async function settleAttempt(deps: AutoTopUpDeps, attempt: AutoTopUpRow, outcome: OffSessionOutcome, logger: Logger): Promise<void> {
  const { db } = deps;
  switch (outcome.outcome) {
    case 'succeeded':
      await creditAutoTopUp(
        db,
        deps,
        { attemptId: attempt.id, paymentIntentId: outcome.paymentIntentId, amountCents: outcome.amountCents },
        logger,
      );
      return;
    case 'processing':
      // The webhook's payment_intent.succeeded credits it when the money arrives.
      await db.transaction(async (tx) => {
        await lockAttempt(tx, attempt.id);
        await updateAttempt(tx, attempt.id, { paymentIntentId: outcome.paymentIntentId });
      });
      return;
    case 'requires_action':
      await db.transaction(async (tx) => {
        const locked = await lockAttempt(tx, attempt.id);
        if (locked?.status !== 'pending') return;
        await updateAttempt(tx, attempt.id, {
          status: 'requires_action',
          paymentIntentId: outcome.paymentIntentId,
          failureCode: outcome.code,
        });
        await mailConfirmationNeeded(tx, deps, attempt);
      });
      logger.info({ autoTopUpId: attempt.id, userId: attempt.userId }, 'auto top-up needs the cardholder to confirm');
      return;
    case 'declined':
      await db.transaction(async (tx) => {
        const locked = await lockAttempt(tx, attempt.id);
        if (locked?.status !== 'pending') return;
        await updateAttempt(tx, attempt.id, { status: 'failed', paymentIntentId: outcome.paymentIntentId, failureCode: outcome.code });
        if (await turnAutoTopUpOff(tx, attempt.userId, 'declined')) await mailTurnedOff(tx, deps, attempt);
      });
      logger.info({ autoTopUpId: attempt.id, userId: attempt.userId, code: outcome.code }, 'auto top-up declined; turned off');
      return;
  }
}

/** Every try failed without an answer from the provider: the attempt ends, auto top-up stays on for the next charge. */
export async function giveUpAutoTopUp(db: Db, attemptId: string): Promise<void> {
  const attempt = await findAttemptById(db, attemptId);
  if (attempt?.status === 'pending') await updateAttempt(db, attemptId, { status: 'failed', failureCode: 'provider_unreachable' });
}

/**
 * Credits a paid auto top-up exactly once, whoever comes first (the job's answer, or the
 * webhook, delivered any number of times): the top_up entry's reference is the PaymentIntent
 * and unique, and the attempt row is locked while it is written.
 */
export async function creditAutoTopUp(
  db: Db,
  mails: BalanceMailDeps & { payments: AppDeps['payments'] },
  payment: { attemptId: string; paymentIntentId: string; amountCents: number },
  logger?: Logger,
): Promise<'credited' | 'already_credited' | 'unknown'> {
  const outcome = await db.transaction(async (tx): Promise<'credited' | 'already_credited' | 'unknown'> => {
    const attempt = await lockAttempt(tx, payment.attemptId);
    if (!attempt) return 'unknown';
    await updateAttempt(tx, attempt.id, {
      status: 'succeeded',
      paymentIntentId: payment.paymentIntentId,
      creditedAt: attempt.creditedAt ?? new Date(),
      failureCode: null,
    });
    if (await ledgerEntryExists(tx, 'top_up', payment.paymentIntentId)) return 'already_credited';
    const provider = mails.payments.provider.name;
    try {
      const balanceCents = await tx.transaction((savepoint) =>
        creditTopUp(savepoint, {
          userId: attempt.userId,
          amountCents: payment.amountCents,
          reference: payment.paymentIntentId,
          description: provider === 'test' ? coded('ledger.autoTopUpTest') : coded('ledger.autoTopUp'),
        }),
      );
      await queueTopUpReceipt(tx, mails, {
        userId: attempt.userId,
        amountCents: payment.amountCents,
        balanceCents,
        reference: payment.paymentIntentId,
        provider,
      });
      return 'credited';
    } catch (error) {
      if (isUniqueViolation(error)) return 'already_credited';
      throw error;
    }
  });
  if (outcome === 'credited') logger?.info({ autoTopUpId: payment.attemptId, amountCents: payment.amountCents }, 'auto top-up credited');
  return outcome;
}

/**
 * The bank asked the cardholder to confirm: the Billing page's "Finish payment" starts an
 * ordinary checkout for the same amount, where Stripe runs the confirmation with the cardholder
 * present, and which is credited like any other top-up. The attempt ends with it.
 */
export async function finishOnSession(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  buyer: CheckoutBuyer,
  attemptId: string,
): Promise<HostedCheckout> {
  const attempt = await findMyAttempt(deps.db, buyer.userId, attemptId);
  if (!attempt || attempt.status !== 'requires_action')
    throw new AppError('NOT_FOUND', `No auto top-up waiting for confirmation: ${attemptId}`);
  const checkout = await createCustomTopUp(deps.db, deps.payments.provider, buyer, attempt.amountCents);
  await closeWaitingAttempt(deps.db, buyer.userId, attempt.id, checkout.sessionId);
  return checkout;
}

async function mailConfirmationNeeded(tx: DbOrTx, deps: Pick<AppDeps, 'jobs' | 'config'>, attempt: AutoTopUpRow): Promise<void> {
  const to = await findUserEmail(tx, attempt.userId);
  if (!to) return;
  const { appName, appUrl } = deps.config;
  await deps.jobs.enqueue(tx, 'send-mail', {
    to,
    subject: `Confirm your ${appName} auto top-up of ${formatCents(attempt.amountCents)}`,
    text: [
      `Your bank asked you to confirm the auto top-up of ${formatCents(attempt.amountCents)}. Nothing was charged yet.`,
      '',
      `Finish the payment: ${billingSection(appUrl)}`,
      '',
      'Until you do, auto top-up waits for this payment.',
    ].join('\n'),
  });
}

async function mailTurnedOff(tx: DbOrTx, deps: Pick<AppDeps, 'jobs' | 'config'>, attempt: AutoTopUpRow): Promise<void> {
  const to = await findUserEmail(tx, attempt.userId);
  if (!to) return;
  const { appName, appUrl } = deps.config;
  await deps.jobs.enqueue(tx, 'send-mail', {
    to,
    subject: `Your ${appName} auto top-up was declined and is turned off`,
    text: [
      `Your card was declined for the auto top-up of ${formatCents(attempt.amountCents)}. Nothing was charged, and auto top-up is now off.`,
      '',
      `Save another card or turn it on again: ${billingSection(appUrl)}`,
    ].join('\n'),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The webhook's payment_intent.succeeded of an auto top-up (metadata.auto_top_up_id). */
export async function creditAutoTopUpFromWebhook(
  db: Db,
  mails: BalanceMailDeps & { payments: AppDeps['payments'] },
  intent: { id: string; amount_received: number; currency: string; metadata: Record<string, string> | null },
  logger: Logger,
): Promise<void> {
  const attemptId = intent.metadata?.auto_top_up_id;
  if (!attemptId || !UUID.test(attemptId)) return;
  const attempt = await findAttemptById(db, attemptId);
  if (!attempt || attempt.userId !== intent.metadata?.user_id || intent.currency !== 'usd') {
    logger.warn({ paymentIntentId: intent.id, attemptId }, 'auto top-up payment does not match an attempt here; nothing credited');
    return;
  }
  await creditAutoTopUp(db, mails, { attemptId, paymentIntentId: intent.id, amountCents: intent.amount_received }, logger);
}

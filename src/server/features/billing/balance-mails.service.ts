import { formatCents } from '@shared/money';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../context';
import { findUserEmail } from './billing.repository';
import { findSpendingControls } from './spending.repository';

/**
 * The e-mails money sends: the low-balance warning and the receipt of a top-up. Each is queued
 * (the `send-mail` job) in the transaction that moved the money, so it goes out exactly when the
 * change commits — once, however often the request or webhook behind it is repeated.
 */

export type BalanceMailDeps = Pick<AppDeps, 'jobs' | 'config'>;

/**
 * After a charge: one e-mail when it took the balance from at or above the user's threshold to
 * below it. Charges are debited one after the other under the account row's lock, so a run of
 * charges crosses the threshold once; only a rise above it again (a top-up, a refund) lets a
 * later fall send another.
 */
export async function mailIfBalanceFellBelowThreshold(
  tx: DbOrTx,
  deps: BalanceMailDeps,
  change: { userId: string; beforeCents: number; afterCents: number },
): Promise<void> {
  if (change.afterCents >= change.beforeCents) return;
  const controls = await findSpendingControls(tx, change.userId);
  const threshold = controls?.lowBalanceThresholdCents ?? null;
  if (threshold === null || !(change.beforeCents >= threshold && change.afterCents < threshold)) return;
  const to = await findUserEmail(tx, change.userId);
  if (!to) return;
  const { appName, appUrl } = deps.config;
  await deps.jobs.enqueue(tx, 'send-mail', {
    to,
    subject: `Your ${appName} balance is below ${formatCents(threshold)}`,
    text: [
      `Your ${appName} balance is now ${formatCents(change.afterCents)}, below the ${formatCents(threshold)} you asked to hear about.`,
      '',
      `Add credit: ${appUrl}/billing`,
      '',
      `This is the only e-mail until your balance has been above ${formatCents(threshold)} again. Change or turn off this e-mail on the Billing page: ${appUrl}/billing#spending-limits`,
    ].join('\n'),
  });
}

export interface TopUpReceipt {
  userId: string;
  amountCents: number;
  balanceCents: number;
  /** The payment's reference: the checkout session id. */
  reference: string;
  provider: string;
}

/**
 * After a credited top-up: our e-mail receipt (amount, new balance, date, reference), unless the
 * operator has Stripe send its own (PAYMENT_RECEIPTS=stripe; test-mode payments have no Stripe).
 */
export async function queueTopUpReceipt(tx: DbOrTx, deps: BalanceMailDeps, receipt: TopUpReceipt): Promise<void> {
  if (deps.config.paymentReceipts === 'stripe' && receipt.provider === 'stripe') return;
  const to = await findUserEmail(tx, receipt.userId);
  if (!to) return;
  const { appName, appUrl } = deps.config;
  const date = new Date().toISOString().slice(0, 10);
  await deps.jobs.enqueue(tx, 'send-mail', {
    to,
    subject: `${appName} receipt: ${formatCents(receipt.amountCents)} added to your balance`,
    text: [
      `Thank you. ${formatCents(receipt.amountCents)} was added to your ${appName} balance.`,
      '',
      `Amount: ${formatCents(receipt.amountCents)}`,
      `New balance: ${formatCents(receipt.balanceCents)}`,
      `Date: ${date}`,
      `Payment reference: ${receipt.reference}`,
      ...(receipt.provider === 'test' ? ['', 'Test mode: no real charge was made.'] : []),
      '',
      `Your top-ups: ${appUrl}/account`,
    ].join('\n'),
  });
}

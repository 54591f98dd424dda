import { coded } from '@shared/coded-text';
import type { Balance, HistoryKind, Transaction, TransactionPage } from '@shared/billing';
import { engineKindSchema } from '@shared/engines';
import { AppError, INSUFFICIENT_CREDITS_MESSAGE } from '@shared/errors';
import { formatCents, rawBalanceOf } from '@shared/money';
import type { Db, DbOrTx } from '../../db/client';
import {
  debitAccount,
  findAccount,
  insertAccountWithFreeGrant,
  ledgerEntryExists,
  listLedgerEntries,
  refundUsage,
  type LedgerEntryRow,
  type LedgerKind,
  type LedgerPageQuery,
} from './billing.repository';
import { isUniqueViolation } from '../../db/pg-errors';
import { assertWithinSpendingLimits } from './spending.service';
import { mailIfBalanceFellBelowThreshold, type BalanceMailDeps } from './balance-mails.service';
import { usageDetailsOf } from './usage-details.repository';
import { queueAutoTopUpIfDue } from './auto-top-up.service';

/**
 * The prepaid balance: what the generation work calls (quote, debit, refund) and what the
 * balance and history endpoints show. Amounts are integer cents; the account row holds the
 * running balance and every change to it is a ledger entry written by the same statement.
 */

/**
 * Opens the user's account with `freeGenerations` free images and its free_grant entry
 * (reference = user id). Safe to call again: an existing account is left as it is.
 */
export async function openBalanceAccount(db: DbOrTx, userId: string, freeGenerations: number): Promise<void> {
  await insertAccountWithFreeGrant(db, userId, freeGenerations, coded('ledger.freeGrant', { count: freeGenerations }));
}

export interface GenerationQuote {
  imageCount: number;
  /** Images paid by free generations (used first). */
  freeImages: number;
  paidImages: number;
  /** What the paid images cost from the balance. */
  priceCents: number;
  freeGenerationsLeft: number;
  /** What the balance can pay now (less what is frozen). */
  availableCents: number;
}

/** The part of a balance that may be spent: what open disputes and pending card refunds freeze cannot. */
export function spendableCents(account: { availableCents: number; frozenCents: number }): number {
  return Math.max(account.availableCents - account.frozenCents, 0);
}

/**
 * Prices a request against the account as it is now; it reserves nothing (see debitForGeneration).
 * Free images go first, except on a free engine (price 0), which leaves them for paid ones.
 */
export async function quoteGeneration(
  db: DbOrTx,
  userId: string,
  imageCount: number,
  pricePerImageCents: number,
): Promise<GenerationQuote> {
  const account = await findAccount(db, userId);
  const freeGenerationsLeft = account?.freeGenerationsLeft ?? 0;
  const freeImages = pricePerImageCents > 0 ? Math.min(freeGenerationsLeft, imageCount) : 0;
  const paidImages = imageCount - freeImages;
  // What can pay: a frozen part of the balance (an open dispute, a pending card refund) cannot.
  const availableCents = account ? spendableCents(account) : 0;
  return { imageCount, freeImages, paidImages, priceCents: paidImages * pricePerImageCents, freeGenerationsLeft, availableCents };
}

export interface GenerationDebit {
  jobId: string;
  freeImages: number;
  paidImages: number;
  /** Cents taken from the balance. */
  priceCents: number;
  freeGenerationsLeft: number;
  availableCents: number;
}

/**
 * Pays for a generation job: free images first (none on a free engine), then the balance, as ONE conditional update
 * with its usage entry (reference = job id). Pass the caller's transaction so the debit, the job
 * row and the queue job commit or roll back together.
 *
 * @throws AppError FORBIDDEN (HTTP 403, details.spending_limit) when the charge would pass the
 *   user's daily or monthly spending limit; nothing is written then.
 * @throws AppError INSUFFICIENT_BALANCE ('Insufficient credits', HTTP 402) when the account cannot
 *   cover it; nothing is written then, and the caller's transaction stays usable.
 * @throws when the job id was already debited (unique reference); the transaction is then aborted.
 */
export async function debitForGeneration(
  tx: DbOrTx,
  input: { userId: string; jobId: string; imageCount: number; pricePerImageCents: number },
  /** Where the low-balance e-mail is queued, in the same transaction, when this charge crosses the user's threshold. */
  mails?: BalanceMailDeps,
): Promise<GenerationDebit> {
  if (!Number.isInteger(input.imageCount) || input.imageCount < 1)
    throw new Error(`imageCount must be a positive integer, got ${input.imageCount}`);
  if (!Number.isInteger(input.pricePerImageCents) || input.pricePerImageCents < 0)
    throw new Error(`pricePerImageCents must be a non-negative integer`);
  // A limit the user set is checked first, under the account row's lock: refused, nothing is written.
  await assertWithinSpendingLimits(tx, input);
  const debited = await debitAccount(tx, input);
  if (!debited) throw new AppError('INSUFFICIENT_BALANCE', INSUFFICIENT_CREDITS_MESSAGE, { text: coded('error.insufficientCredits') });
  if (mails)
    await mailIfBalanceFellBelowThreshold(tx, mails, {
      userId: input.userId,
      beforeCents: debited.availableCents + debited.centsTaken,
      afterCents: debited.availableCents,
    });
  // Queued with the charge, under the same row lock; the payment itself is the job's, after commit.
  if (mails)
    await queueAutoTopUpIfDue(tx, mails, {
      userId: input.userId,
      chargeReference: input.jobId,
      beforeCents: debited.availableCents + debited.centsTaken,
      afterCents: debited.availableCents,
    });
  return {
    jobId: input.jobId,
    freeImages: debited.freeImages,
    paidImages: input.imageCount - debited.freeImages,
    priceCents: debited.centsTaken,
    freeGenerationsLeft: debited.freeGenerationsLeft,
    availableCents: debited.availableCents,
  };
}

export interface GenerationRefund {
  /** False when there was nothing to refund: never debited, or refunded before. */
  refunded: boolean;
  cents: number;
  freeImages: number;
}

/**
 * Gives back what the job's debit took (free images and cents), exactly once per job id: the
 * refund entry's reference is the job id, so a second call, even a concurrent one, is a no-op.
 * Runs in a savepoint when given a transaction, so a lost race never aborts the caller's work.
 */
export async function refundGeneration(dbOrTx: DbOrTx, input: { userId: string; jobId: string }): Promise<GenerationRefund> {
  const nothing: GenerationRefund = { refunded: false, cents: 0, freeImages: 0 };
  if (await ledgerEntryExists(dbOrTx, 'refund', input.jobId)) return nothing;
  try {
    const refund = await dbOrTx.transaction((tx) => refundUsage(tx, { ...input, description: coded('ledger.refund') }));
    return refund ? { refunded: true, cents: refund.cents, freeImages: refund.freeImages } : nothing;
  } catch (error) {
    if (isUniqueViolation(error)) return nothing;
    throw error;
  }
}

/**
 * The balance the API shows. A user created before accounts existed gets theirs now, with the
 * same free images a new user gets.
 */
export async function balanceOf(db: Db, userId: string, freeGenerations: number): Promise<Balance> {
  let account = await findAccount(db, userId);
  if (!account) {
    await openBalanceAccount(db, userId, freeGenerations);
    account = await findAccount(db, userId);
  }
  const availableCents = account?.availableCents ?? 0;
  return {
    balance: rawBalanceOf(availableCents),
    formatted: formatCents(availableCents),
    freeGenerationsLeft: account?.freeGenerationsLeft ?? 0,
    availableCents,
    frozenCents: account?.frozenCents ?? 0,
  };
}

function engineOfEntry(engine: LedgerEntryRow['engine']): Transaction['engine'] {
  const kind = engineKindSchema.safeParse(engine?.kind);
  return engine && kind.success ? { kind: kind.data, model: engine.model } : null;
}

/** The history tabs. The free_grant entry moves no money, so it is in neither. */
export const HISTORY_KINDS = {
  'top-ups': ['top_up'],
  withdrawals: ['usage', 'refund', 'adjustment'],
} as const satisfies Record<HistoryKind, LedgerKind[]>;

/**
 * One page of the user's history, Stripe-style: {data, has_more}. Amounts are unsigned; `credit`
 * gives the direction. Spec 4 knows top_up (+) and usage (-); a refund of a failed generation and
 * credit from support are money back, so the client shows them with + as well.
 */
export async function transactionHistory(db: Db, userId: string, kind: HistoryKind, query: LedgerPageQuery): Promise<TransactionPage> {
  const page = await listLedgerEntries(db, userId, [...HISTORY_KINDS[kind]], query);
  if (!page)
    throw new AppError('NOT_FOUND', `No such transaction: ${query.startingAfter ?? query.endingBefore}`, {
      text: coded('error.transactionNotFound'),
    });
  const usage = await usageDetailsOf(
    db,
    userId,
    page.rows.filter((row) => row.kind === 'usage' || row.kind === 'refund').map((row) => row.id),
  );
  return { data: page.rows.map((row) => transactionOf(row, usage.get(row.id) ?? null)), has_more: page.hasMore };
}

/** One history row as the API shows it (the CSV export leaves out the usage details). */
export function transactionOf(row: LedgerEntryRow, usage: Transaction['usage'] = null): Transaction {
  return {
    id: row.id,
    type: row.kind,
    created: Math.floor(row.createdAt.getTime() / 1000),
    description: row.description,
    description_code: row.descriptionCode,
    amount_formatted: formatCents(Math.abs(row.amountCents)),
    ending_balance_formatted: formatCents(row.balanceAfterCents),
    credit: row.kind === 'top_up' || row.kind === 'refund' || row.amountCents > 0,
    engine: engineOfEntry(row.engine),
    usage,
  };
}

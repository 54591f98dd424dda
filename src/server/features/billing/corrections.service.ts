import { coded } from '@shared/coded-text';
import { AppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import type { DbOrTx } from '../../db/client';
import { spendableCents } from './billing.service';
import { lockAccountFigures, postCorrection, type AccountFigures } from './corrections.repository';

/**
 * Corrections an operator makes to a balance (the console, features/admin): each one ledger
 * entry, posted with the balance in one statement, unique by its reference — the console's
 * request id — so a repeated submit posts nothing. Each runs in the caller's transaction, which
 * also writes the audit entry; `before` and `after` are what that entry records.
 */

export type { AccountFigures } from './corrections.repository';

export interface Correction {
  before: AccountFigures;
  after: AccountFigures;
}

/** The ledger reference of an operator's correction: the console's id for the submit. */
export const correctionReference = (requestId: string) => `operator:${requestId}`;

/** Locks the account for the rest of the caller's transaction and answers its figures. */
export function lockBalance(tx: DbOrTx, userId: string): Promise<AccountFigures> {
  return lockAccountFigures(tx, userId);
}

/** Adds credit to a balance (an `adjustment` entry). */
export async function grantCredit(tx: DbOrTx, input: { userId: string; cents: number; requestId: string }): Promise<Correction> {
  const before = await lockAccountFigures(tx, input.userId);
  const after = await postCorrection(tx, {
    userId: input.userId,
    kind: 'adjustment',
    cents: input.cents,
    freeImages: 0,
    reference: correctionReference(input.requestId),
    description: coded('ledger.supportCredit'),
  });
  return { before, after: after! };
}

/**
 * Takes credit back (a negative `adjustment` entry), never more than the balance can spend: never
 * below zero, and never what a dispute or a pending card refund keeps frozen.
 *
 * @throws AppError BAD_REQUEST (NOT_ENOUGH_CREDIT) when the balance cannot give that much; nothing is written.
 */
export async function takeBackCredit(tx: DbOrTx, input: { userId: string; cents: number; requestId: string }): Promise<Correction> {
  const before = await lockAccountFigures(tx, input.userId);
  const after = await postCorrection(tx, {
    userId: input.userId,
    kind: 'adjustment',
    cents: -input.cents,
    freeImages: 0,
    reference: correctionReference(input.requestId),
    description: coded('ledger.supportDebit'),
  });
  if (!after) {
    const most = spendableCents(before);
    throw new AppError('BAD_REQUEST', `At most ${formatCents(most)} can be taken back: that is what the balance can spend`, {
      details: { reason: 'NOT_ENOUGH_CREDIT', spendableCents: most },
    });
  }
  return { before, after };
}

/** Gives free images (a `free_grant` entry moving no money). */
export async function grantFreeImages(tx: DbOrTx, input: { userId: string; count: number; requestId: string }): Promise<Correction> {
  const before = await lockAccountFigures(tx, input.userId);
  const after = await postCorrection(tx, {
    userId: input.userId,
    kind: 'free_grant',
    cents: 0,
    freeImages: input.count,
    reference: correctionReference(input.requestId),
    description: coded('ledger.supportGift', { count: input.count }),
  });
  return { before, after: after! };
}

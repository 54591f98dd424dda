import { codeOfLine, englishOfLine, type LedgerText } from './ledger-text';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { LedgerKind } from './billing.repository';

/** An account's figures as an operator's correction changes them (and the audit log records them). */
export interface AccountFigures {
  availableCents: number;
  frozenCents: number;
  freeGenerationsLeft: number;
}

const figuresOf = (row: {
  available_cents: string | number;
  frozen_cents: string | number;
  free_generations_left: string | number;
}): AccountFigures => ({
  availableCents: Number(row.available_cents),
  frozenCents: Number(row.frozen_cents),
  freeGenerationsLeft: Number(row.free_generations_left),
});

/**
 * Locks the account row (opening an empty account if the user has none) until the caller's
 * transaction ends, and answers its figures: every change decided from them is then exact.
 */
export async function lockAccountFigures(tx: DbOrTx, userId: string): Promise<AccountFigures> {
  const result = await tx.execute<{ available_cents: string; frozen_cents: string; free_generations_left: number }>(sql`
    with opened as (
      insert into balance_accounts (user_id) values (${userId}) on conflict (user_id) do nothing
    )
    select available_cents, frozen_cents, free_generations_left from balance_accounts where user_id = ${userId} for update`);
  const row = result.rows[0];
  // An account opened by this statement is not visible to its own select: read it again.
  if (row) return figuresOf(row);
  const again = await tx.execute<{ available_cents: string; frozen_cents: string; free_generations_left: number }>(
    sql`select available_cents, frozen_cents, free_generations_left from balance_accounts where user_id = ${userId} for update`,
  );
  return figuresOf(again.rows[0]!);
}

/**
 * One correction as ONE statement: the balance (or the free images) and its ledger entry change
 * together. Cents taken back come only from what may be spent (never below zero, never from what
 * a dispute or a pending refund freezes): without that, nothing is written and the answer is null.
 * A second correction with the same (kind, reference) fails on the ledger's unique index and
 * writes nothing either.
 */
export async function postCorrection(
  tx: DbOrTx,
  input: {
    userId: string;
    kind: Extract<LedgerKind, 'adjustment' | 'free_grant'>;
    cents: number;
    freeImages: number;
    reference: string;
    description: LedgerText;
  },
): Promise<AccountFigures | null> {
  const { userId, kind, cents, freeImages, reference, description } = input;
  const result = await tx.execute<{ available_cents: string; frozen_cents: string; free_generations_left: number }>(sql`
    with changed as (
      update balance_accounts a set
        available_cents = a.available_cents + ${cents}::bigint,
        free_generations_left = a.free_generations_left + ${freeImages}::int,
        updated_at = now()
      where a.user_id = ${userId} and (${cents}::bigint >= 0 or greatest(a.available_cents - a.frozen_cents, 0) >= -${cents}::bigint)
      returning a.user_id, a.available_cents, a.frozen_cents, a.free_generations_left
    ), entry as (
      insert into ledger_entries (user_id, kind, amount_cents, free_generations_delta, reference, description, description_code, balance_after_cents)
      select user_id, ${kind}::ledger_kind, ${cents}::bigint, ${freeImages}::int, ${reference}, ${englishOfLine(description)}, ${codeOfLine(description)}::jsonb, available_cents from changed
      returning id
    )
    select c.available_cents, c.frozen_cents, c.free_generations_left from changed c, entry`);
  const row = result.rows[0];
  return row ? figuresOf(row) : null;
}

/** Freezes (+) or releases (-) part of a balance; the caller holds the account's lock. */
export async function changeFrozen(tx: DbOrTx, userId: string, deltaCents: number): Promise<AccountFigures> {
  const result = await tx.execute<{ available_cents: string; frozen_cents: string; free_generations_left: number }>(sql`
    update balance_accounts set frozen_cents = frozen_cents + ${deltaCents}::bigint, updated_at = now()
    where user_id = ${userId}
    returning available_cents, frozen_cents, free_generations_left`);
  return figuresOf(result.rows[0]!);
}

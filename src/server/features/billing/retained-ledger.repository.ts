import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The ledger of an account being deleted, in the caller's transaction (decision 016), which has
 * already locked the user row: unused credit is written off by a ledger entry, so the kept ledger
 * still adds up, and the whole ledger is copied to retained_ledger_entries under a random id,
 * without the user's id. Answers the Stripe customer, deleted there once the deletion commits.
 * Raw SQL: one statement writes the write-off and copies it with the rest (a data-modifying CTE).
 */
export async function retainLedgerOnErasure(tx: DbOrTx, userId: string): Promise<{ stripeCustomerId: string | null }> {
  const customer = await tx.execute<{ stripe_customer_id: string | null }>(
    sql`select stripe_customer_id from balance_accounts where user_id = ${userId}`,
  );
  const erasedAccountId = randomUUID();
  await tx.execute(sql`
    with account_row as (
      select available_cents from balance_accounts where user_id = ${userId} for update
    ), written_off as (
      insert into ledger_entries (user_id, kind, amount_cents, reference, description, balance_after_cents)
      select ${userId}, 'adjustment', -available_cents, ${`account-deletion:${erasedAccountId}`}, 'Unused balance written off when the account was deleted', 0
      from account_row where available_cents > 0
      returning id, kind, amount_cents, free_generations_delta, reference, description, balance_after_cents, created_at
    )
    insert into retained_ledger_entries (id, erased_account_id, kind, amount_cents, free_generations_delta, reference, description, balance_after_cents, created_at)
    select id, ${erasedAccountId}::uuid, kind, amount_cents, free_generations_delta,
      -- The free grant's reference is the user id; the kept copy names only the erased account.
      case when kind = 'free_grant' then ${`free-grant:${erasedAccountId}`} else reference end,
      description, balance_after_cents, created_at
    from (
      select id, kind, amount_cents, free_generations_delta, reference, description, balance_after_cents, created_at from ledger_entries where user_id = ${userId}
      union all
      select * from written_off
    ) entries`);
  return { stripeCustomerId: customer.rows[0]?.stripe_customer_id ?? null };
}

/**
 * Deletes retained ledger rows (of deleted accounts) whose period has ended: kept for `years`
 * after the end of the financial (calendar) year of the entry, as accounting law asks.
 */
export async function purgeRetainedLedger(db: DbOrTx, years: number): Promise<number> {
  const result = await db.execute(sql`
    delete from retained_ledger_entries
    where created_at < date_trunc('year', now()) - make_interval(years => ${years}::int)`);
  return result.rowCount ?? 0;
}

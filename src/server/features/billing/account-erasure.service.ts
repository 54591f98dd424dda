import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';

/**
 * What is left of a deleted account outside its rows: its customer at Stripe (saved cards
 * included), and — once their retention period has ended — the ledger rows kept for accounting.
 */

/**
 * DELETE /v1/customers/{id}. A customer Stripe no longer has (deleted before, by a try whose
 * answer was lost) is done; anything else fails the try so that the job tries again.
 */
export async function deleteStripeCustomer(deps: Pick<AppDeps, 'payments' | 'logger'>, customerId: string): Promise<void> {
  const { stripe } = deps.payments;
  if (!stripe) return;
  try {
    await stripe.customers.del(customerId);
    deps.logger.info({ customerId }, 'stripe customer of a deleted account deleted');
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
    throw error;
  }
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

import Stripe from 'stripe';
import type { AppDeps } from '../../context';

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

// The account feature keeps the ledger of an account it deletes through these (decision 042).
export { purgeRetainedLedger, retainLedgerOnErasure } from './retained-ledger.repository';

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { CURRENCY } from '@shared/constants';
import { paths } from '@shared/paths';
import type { Db } from '../../db/client';
import { findAccount, saveStripeCustomerId } from './billing.repository';
import type { CardPayments, CheckoutBuyer } from './payment-provider';

/**
 * Saved cards at Stripe: saved through Checkout in setup mode (a SetupIntent attaches the
 * PaymentMethod to the user's customer), charged with a PaymentIntent created with
 * `off_session: true, confirm: true`. Stripe answers a payment the bank wants confirmed with a
 * card error `authentication_required`, and a refused card with `card_declined` and the like.
 */
export function createStripeCards(deps: { db: Db; stripe: Stripe; appUrl: string }): CardPayments {
  const { db, stripe, appUrl } = deps;

  /** The same customer as checkout's: the same idempotency key and parameters give the same answer. */
  async function customerOf(buyer: CheckoutBuyer): Promise<string> {
    const existing = (await findAccount(db, buyer.userId))?.stripeCustomerId;
    if (existing) return existing;
    const customer = await stripe.customers.create(
      { email: buyer.email, metadata: { user_id: buyer.userId } },
      { idempotencyKey: `photomuse-customer-${buyer.userId}` },
    );
    return saveStripeCustomerId(db, buyer.userId, customer.id);
  }

  const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

  return {
    async startCardSetup(buyer, returnUrl) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          // Only cards are charged off-session for a top-up.
          allowed_payment_method_types: ['card'],
          currency: CURRENCY,
          customer: await customerOf(buyer),
          client_reference_id: buyer.userId,
          metadata: { user_id: buyer.userId, purpose: 'auto_top_up_card' },
          success_url: returnUrl,
          cancel_url: `${appUrl}${paths.billing.getHref()}#auto-top-up`,
        },
        { idempotencyKey: `photomuse-card-setup-${randomUUID()}` },
      );
      if (!session.url) throw new Error(`Stripe returned setup session ${session.id} without a URL`);
      return { url: session.url };
    },

    async savedCardOfSetup(buyer, setupId) {
      const customerId = (await findAccount(db, buyer.userId))?.stripeCustomerId;
      if (!customerId || !setupId.startsWith('cs_')) return null;
      try {
        const session = await stripe.checkout.sessions.retrieve(setupId);
        // Another user's session, or one not finished, saved nothing for this user.
        if (session.mode !== 'setup' || idOf(session.customer) !== customerId || session.status !== 'complete') return null;
        const setupIntentId = idOf(session.setup_intent);
        if (!setupIntentId) return null;
        const setupIntent = await stripe.setupIntents.retrieve(setupIntentId);
        const paymentMethodId = idOf(setupIntent.payment_method);
        if (setupIntent.status !== 'succeeded' || !paymentMethodId) return null;
        const paymentMethod = await stripe.paymentMethods.retrieve(paymentMethodId);
        if (idOf(paymentMethod.customer) !== customerId || !paymentMethod.card) return null;
        return { paymentMethodId, brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw error;
      }
    },

    async chargeSavedCard({ userId, paymentMethodId, amountCents, idempotencyKey, metadata }) {
      const customerId = (await findAccount(db, userId))?.stripeCustomerId;
      if (!customerId) return { outcome: 'declined', paymentIntentId: null, code: 'no_customer' };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            customer: customerId,
            payment_method: paymentMethodId,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            description: 'Auto top-up',
            metadata,
          },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentIntentId: intent.id, amountCents: intent.amount_received };
        if (intent.status === 'processing') return { outcome: 'processing', paymentIntentId: intent.id };
        if (intent.status === 'requires_action')
          return { outcome: 'requires_action', paymentIntentId: intent.id, code: 'authentication_required' };
        return { outcome: 'declined', paymentIntentId: intent.id, code: intent.last_payment_error?.code ?? intent.status };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const paymentIntentId = error.payment_intent?.id ?? null;
          if (error.code === 'authentication_required') return { outcome: 'requires_action', paymentIntentId, code: error.code };
          return { outcome: 'declined', paymentIntentId, code: error.decline_code ?? error.code ?? 'card_declined' };
        }
        throw error;
      }
    },

    async removeCard(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        // Already gone (detached before, or the customer deleted): nothing can charge it.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        throw error;
      }
    },
  };
}

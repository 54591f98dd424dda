import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { Price } from '@shared/billing';
import { CURRENCY } from '@shared/constants';
import { DEFAULT_PRODUCT_ALIAS } from '@shared/money';
import { paths } from '@shared/paths';
import type { Db } from '../../db/client';
import type { AppConfig } from '../../lib/env';
import { findAccount, saveStripeCustomerId } from './billing.repository';
import { PaymentRefusedError, type CheckoutBuyer, type CheckoutSnapshot, type PaymentProvider } from './payment-provider';

export type StripeConfig = Extract<AppConfig['stripe'], { mode: 'stripe' }>;

/** The official SDK, pointed at STRIPE_API_URL when set (the tests' local Stripe). */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    ...(api ? { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'PhotoMuse' },
  });
}

const PRICE_CACHE_MS = 60_000;

/** The Stripe session's return address keeps Stripe's {CHECKOUT_SESSION_ID} placeholder unescaped. */
export function successUrlTemplate(appUrl: string): string {
  return `${appUrl}${paths.success.getHref()}?session_id={CHECKOUT_SESSION_ID}`;
}

export function snapshotOfStripeSession(session: Stripe.Checkout.Session): CheckoutSnapshot {
  return {
    id: session.id,
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  };
}

export function createStripeProvider(deps: { config: StripeConfig; appUrl: string; db: Db; stripe: Stripe }): PaymentProvider {
  const { config, appUrl, db, stripe } = deps;
  let priceCache: { at: number; prices: Price[] } | undefined;

  async function productPrices(): Promise<Price[]> {
    if (priceCache && Date.now() - priceCache.at < PRICE_CACHE_MS) return priceCache.prices;
    const list = await stripe.prices.list({ product: config.productId, active: true, limit: 100 });
    // Prices without a unit amount (metered, customer-chosen) cannot be a package.
    const prices = list.data.flatMap((price) =>
      typeof price.unit_amount === 'number'
        ? [{ id: price.id, unit_amount: price.unit_amount, currency: price.currency, nickname: price.nickname }]
        : [],
    );
    priceCache = { at: Date.now(), prices };
    return prices;
  }

  /** One Stripe customer per user, created once; the idempotency key makes racing creators share it. */
  async function customerOf(buyer: CheckoutBuyer): Promise<string> {
    const existing = (await findAccount(db, buyer.userId))?.stripeCustomerId;
    if (existing) return existing;
    const customer = await stripe.customers.create(
      { email: buyer.email, metadata: { user_id: buyer.userId } },
      { idempotencyKey: `photomuse-customer-${buyer.userId}` },
    );
    return saveStripeCustomerId(db, buyer.userId, customer.id);
  }

  const commonSessionParams = async (buyer: CheckoutBuyer) => ({
    mode: 'payment' as const,
    customer: await customerOf(buyer),
    client_reference_id: buyer.userId,
    metadata: { user_id: buyer.userId },
  });

  return {
    name: 'stripe',

    async listPrices(product) {
      if (product !== config.productId && product !== DEFAULT_PRODUCT_ALIAS) return null;
      return productPrices();
    },

    async createEmbeddedCheckout(buyer, price) {
      const session = await stripe.checkout.sessions.create(
        {
          ...(await commonSessionParams(buyer)),
          // 'embedded_page' is the current API's name for the embedded form (formerly 'embedded').
          ui_mode: 'embedded_page',
          line_items: [{ price: price.id, quantity: 1 }],
          return_url: successUrlTemplate(appUrl),
        },
        { idempotencyKey: `photomuse-checkout-${randomUUID()}` },
      );
      if (!session.client_secret) throw new Error(`Stripe returned checkout session ${session.id} without a client secret`);
      return {
        sessionId: session.id,
        clientSecret: session.client_secret,
        amountTotalCents: session.amount_total ?? price.unit_amount,
        currency: session.currency ?? price.currency,
        priceId: price.id,
      };
    },

    async createHostedCheckout(buyer, amountCents) {
      const session = await stripe.checkout.sessions.create(
        {
          ...(await commonSessionParams(buyer)),
          line_items: [{ quantity: 1, price_data: { currency: CURRENCY, product: config.productId, unit_amount: amountCents } }],
          success_url: successUrlTemplate(appUrl),
          cancel_url: `${appUrl}${paths.billing.getHref()}`,
        },
        { idempotencyKey: `photomuse-top-up-${randomUUID()}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return {
        sessionId: session.id,
        url: session.url,
        amountTotalCents: session.amount_total ?? amountCents,
        currency: session.currency ?? CURRENCY,
        priceId: null,
      };
    },

    async retrieveCheckout(sessionId) {
      try {
        return snapshotOfStripeSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async refundPayment({ paymentIntentId, amountCents, idempotencyKey, metadata }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount: amountCents, reason: 'requested_by_customer', metadata },
          { idempotencyKey },
        );
        return { refundId: refund.id, status: refund.status ?? 'pending' };
      } catch (error) {
        // Stripe answered and refused (amount, state, unknown payment): definite, nothing was refunded.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentRefusedError(error.message, error.code);
        throw error;
      }
    },
  };
}

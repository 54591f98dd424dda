import { randomBytes } from 'node:crypto';
import type { Price } from '@shared/billing';
import { CURRENCY } from '@shared/constants';
import { DEFAULT_PRODUCT_ALIAS } from '@shared/money';
import { devPaths } from '@shared/paths';
import type { Db } from '../../db/client';
import { findCheckoutSessionById } from './billing.repository';
import type { PaymentProvider } from './payment-provider';

/**
 * Test-mode payments: without Stripe keys (refused in production by env.ts) the product still
 * sells credit, through a local checkout page that says it charges nothing. Sessions live only in
 * our checkout_sessions table; completing one runs the same fulfilment as a Stripe payment.
 */

export const TEST_PRODUCT_ID = 'prod_test_credits';

/** The landing page's packs: Try It Out $5, Creator Pack $10, Pro Pack $30. */
export const TEST_PRICES: readonly Price[] = [
  { id: 'price_test_500', unit_amount: 500, currency: CURRENCY, nickname: 'Try It Out' },
  { id: 'price_test_1000', unit_amount: 1000, currency: CURRENCY, nickname: 'Creator Pack' },
  { id: 'price_test_3000', unit_amount: 3000, currency: CURRENCY, nickname: 'Pro Pack' },
];

const TEST_SESSION_PREFIX = 'cs_test_local_';
const CLIENT_SECRET_MARK = '_secret_local';

const newSessionId = () => `${TEST_SESSION_PREFIX}${randomBytes(12).toString('hex')}`;

export function createTestProvider(deps: { appUrl: string; db: Db }): PaymentProvider {
  const { appUrl, db } = deps;
  return {
    name: 'test',

    async listPrices(product) {
      return product === TEST_PRODUCT_ID || product === DEFAULT_PRODUCT_ALIAS ? [...TEST_PRICES] : null;
    },

    async createEmbeddedCheckout(_buyer, price) {
      const sessionId = newSessionId();
      // The web client recognises this secret and shows the local checkout instead of Stripe's.
      return {
        sessionId,
        clientSecret: `${sessionId}${CLIENT_SECRET_MARK}`,
        amountTotalCents: price.unit_amount,
        currency: price.currency,
        priceId: price.id,
      };
    },

    async createHostedCheckout(_buyer, amountCents) {
      const sessionId = newSessionId();
      return {
        sessionId,
        url: `${appUrl}${devPaths.testCheckout.getHref(sessionId)}`,
        amountTotalCents: amountCents,
        currency: CURRENCY,
        priceId: null,
      };
    },

    async retrieveCheckout(sessionId) {
      const row = await findCheckoutSessionById(db, sessionId);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        paymentStatus: row.paymentStatus,
        amountTotal: row.amountTotalCents,
        currency: row.currency,
        customerEmail: null,
        paymentIntentId: null,
      };
    },
  };
}

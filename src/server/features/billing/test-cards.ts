import { createHash, randomBytes } from 'node:crypto';
import { devPaths } from '@shared/paths';
import type { TestCardOutcome } from '@shared/auto-top-up';
import type { CardPayments, OffSessionOutcome } from './payment-provider';

/**
 * Test-mode cards (no Stripe keys, never in production): the local card page picks one of
 * Stripe's test payment methods, and a payment with it comes out as that card does at Stripe.
 * Nothing is charged; the credit goes through the same path as a real auto top-up.
 */

/** Stripe's test payment methods, and how each behaves off-session. */
export const TEST_CARDS: Record<string, { outcome: TestCardOutcome; brand: string; last4: string }> = {
  pm_card_visa: { outcome: 'succeeds', brand: 'visa', last4: '4242' },
  pm_card_authenticationRequired: { outcome: 'authentication_required', brand: 'visa', last4: '3184' },
  pm_card_chargeDeclined: { outcome: 'declined', brand: 'visa', last4: '0002' },
};

const LOCAL_MARK = '_local_';

export function createTestCards(deps: { appUrl: string }): CardPayments {
  return {
    async startCardSetup() {
      return { url: `${deps.appUrl}${devPaths.testCardSetup.getHref()}` };
    },

    async savedCardOfSetup(_buyer, setupId) {
      const card = TEST_CARDS[setupId];
      if (!card) return null;
      return { paymentMethodId: `${setupId}${LOCAL_MARK}${randomBytes(8).toString('hex')}`, brand: card.brand, last4: card.last4 };
    },

    async chargeSavedCard({ paymentMethodId, amountCents, idempotencyKey }): Promise<OffSessionOutcome> {
      const card = TEST_CARDS[paymentMethodId.split(LOCAL_MARK)[0]!];
      // The same key gives the same payment, as Stripe's idempotent requests do.
      const paymentIntentId = `pi_test_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      switch (card?.outcome) {
        case 'succeeds':
          return { outcome: 'succeeded', paymentIntentId, amountCents };
        case 'authentication_required':
          return { outcome: 'requires_action', paymentIntentId, code: 'authentication_required' };
        default:
          return { outcome: 'declined', paymentIntentId, code: 'card_declined' };
      }
    },

    async removeCard() {
      // Nothing is stored outside our own row.
    },
  };
}

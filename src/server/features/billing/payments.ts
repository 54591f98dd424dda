import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { AppConfig } from '../../lib/env';
import type { CardPayments, PaymentProvider } from './payment-provider';
import { createStripeCards } from './stripe-cards';
import { createTestCards } from './test-cards';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

/** How this server takes payments; built once, by the composition root (runtime.ts). */
export interface Payments {
  provider: PaymentProvider;
  /** Stripe's SDK, which verifies webhook signatures; undefined with test-mode payments. */
  stripe: Stripe | undefined;
  /** Saved cards and off-session payments (auto top-up). */
  cards: CardPayments;
}

/** Stripe when its keys are set, else the test-mode provider (refused in production by env.ts). */
export function createPayments(config: AppConfig, db: Db): Payments {
  if (config.stripe.mode === 'stripe') {
    const stripe = createStripeClient(config.stripe);
    return {
      provider: createStripeProvider({ config: config.stripe, appUrl: config.appUrl, db, stripe }),
      stripe,
      cards: createStripeCards({ db, stripe, appUrl: config.appUrl }),
    };
  }
  return {
    provider: createTestProvider({ appUrl: config.appUrl, db }),
    stripe: undefined,
    cards: createTestCards({ appUrl: config.appUrl }),
  };
}

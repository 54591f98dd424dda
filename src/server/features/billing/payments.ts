import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { AppConfig } from '../../lib/env';
import type { PaymentProvider } from './payment-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

/** How this server takes payments; built once, by the composition root (runtime.ts). */
export interface Payments {
  provider: PaymentProvider;
  /** Stripe's SDK, which verifies webhook signatures; undefined with test-mode payments. */
  stripe: Stripe | undefined;
}

/** Stripe when its keys are set, else the test-mode provider (refused in production by env.ts). */
export function createPayments(config: AppConfig, db: Db): Payments {
  if (config.stripe.mode === 'stripe') {
    const stripe = createStripeClient(config.stripe);
    return { provider: createStripeProvider({ config: config.stripe, appUrl: config.appUrl, db, stripe }), stripe };
  }
  return { provider: createTestProvider({ appUrl: config.appUrl, db }), stripe: undefined };
}

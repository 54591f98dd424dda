import type { Price } from '@shared/billing';

/**
 * Where card payments happen: Stripe, or (without Stripe keys, never in production) the built-in
 * test-mode provider. Both serve the same endpoints and feed the same fulfilment function.
 */

/** A checkout session as the provider sees it now. */
export interface CheckoutSnapshot {
  id: string;
  /** 'open' | 'complete' | 'expired' */
  status: string;
  /** 'paid' | 'unpaid' | 'no_payment_required', or our own 'failed' after async_payment_failed. */
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  customerEmail: string | null;
  /** Stripe's payment behind a paid session (refunds and disputes name it); null in test mode. */
  paymentIntentId: string | null;
}

export interface CheckoutBuyer {
  userId: string;
  email: string;
}

export interface CreatedCheckout {
  sessionId: string;
  amountTotalCents: number;
  currency: string;
  priceId: string | null;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** The product's prices with an amount, or null when `product` is not this server's product. */
  listPrices(product: string): Promise<Price[] | null>;
  /** A session for the embedded checkout of one package. */
  createEmbeddedCheckout(buyer: CheckoutBuyer, price: Price): Promise<CreatedCheckout & { clientSecret: string }>;
  /** A hosted checkout page for a custom amount. */
  createHostedCheckout(buyer: CheckoutBuyer, amountCents: number): Promise<CreatedCheckout & { url: string }>;
  /** The provider's current view; null when it does not know the session. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | null>;
  /**
   * Gives `amountCents` of a card payment back (Stripe only; the test mode has no cards). The
   * idempotency key makes a repeated call the same refund. Throws PaymentRefusedError when the
   * provider refuses it; any other error leaves the outcome unknown.
   */
  refundPayment?(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ refundId: string; status: string }>;
}

/** The payment provider said no (too much, already refunded, disputed, unknown payment): nothing happened. */
export class PaymentRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

/** A card saved for payments without the cardholder present (auto top-up). */
export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
}

/**
 * What an off-session payment came to. `requires_action`: the bank wants the cardholder to
 * confirm (3-D Secure), which cannot happen without them; `declined`: the card was refused.
 */
export type OffSessionOutcome =
  | { outcome: 'succeeded'; paymentIntentId: string; amountCents: number }
  | { outcome: 'processing'; paymentIntentId: string }
  | { outcome: 'requires_action'; paymentIntentId: string | null; code: string }
  | { outcome: 'declined'; paymentIntentId: string | null; code: string };

/** Saved cards and the payments made with them; Stripe and the test-mode provider both have them. */
export interface CardPayments {
  /** Where the browser saves a card: Stripe Checkout in setup mode, or the local test-mode page. */
  startCardSetup(buyer: CheckoutBuyer, returnUrl: string): Promise<{ url: string }>;
  /** The card a finished setup saved, after checking it belongs to this buyer; null when it saved none. */
  savedCardOfSetup(buyer: CheckoutBuyer, setupId: string): Promise<SavedCard | null>;
  /**
   * One off-session payment; the same idempotency key gives the same payment however often it
   * is asked. Throws (to be tried again) only when the outcome is unknown.
   */
  chargeSavedCard(input: {
    userId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<OffSessionOutcome>;
  /** Detaches the card from the customer, so it can never be charged again. */
  removeCard(paymentMethodId: string): Promise<void>;
}

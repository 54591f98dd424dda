import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import Stripe from 'stripe';
import { CUSTOM_TOP_UP_MAX_CENTS, CUSTOM_TOP_UP_MIN_CENTS, HISTORY_PAGE_SIZE } from '@shared/constants';
import { AppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import type { AppDeps, AppEnv } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { balanceOf, transactionHistory } from './billing.service';
import {
  cancelTestCheckout,
  completeTestCheckout,
  createCustomTopUp,
  createPackageCheckout,
  testCheckoutDetails,
  verifyCheckoutSession,
} from './checkout.service';
import type { PaymentProvider } from './payment-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';
import { handleStripeEvent } from './webhook.service';

/** The spec's /api/stripe/* calls (section 7), the Stripe webhook, and the test-mode checkout. */

const balanceSchema = z
  .object({
    balance: z.number().int().openapi({ description: 'Cents; negative means credit (spec sign convention)', example: -1234 }),
    formatted: z.string().openapi({ example: '$12.34' }),
    freeGenerationsLeft: z.number().int(),
    availableCents: z.number().int(),
  })
  .openapi('Balance');

const priceSchema = z.object({ id: z.string(), unit_amount: z.number().int(), currency: z.string(), nickname: z.string().nullable() }).openapi('Price');

const verificationSchema = z
  .object({
    status: z.enum(['success', 'processing', 'open', 'expired', 'failed']),
    message: z.string(),
    customer_email: z.string().nullable(),
    amount_total: z.number().int().nullable(),
    currency: z.string().nullable(),
  })
  .openapi('CheckoutVerification');

const transactionSchema = z
  .object({
    id: z.string(),
    type: z.enum(['top_up', 'usage', 'refund', 'free_grant', 'adjustment']),
    created: z.number().int(),
    description: z.string(),
    amount_formatted: z.string(),
    ending_balance_formatted: z.string(),
  })
  .openapi('Transaction');

const testCheckoutSchema = z
  .object({ id: z.string(), amount_total: z.number().int(), currency: z.string(), status: z.string(), payment_status: z.string() })
  .openapi('TestCheckout');

const getBalance = createRoute({
  method: 'get',
  path: '/balance',
  summary: "The signed-in user's balance and free images left",
  responses: { 200: jsonContent(balanceSchema, 'Balance') },
});

const getPrices = createRoute({
  method: 'get',
  path: '/prices/{product}',
  summary: "The product's top-up packages ('default' = this server's product); prices without an amount are left out",
  request: { params: z.object({ product: z.string().min(1).max(200) }) },
  responses: { 200: jsonContent(z.array(priceSchema), 'Prices') },
});

const postCheckoutSession = createRoute({
  method: 'post',
  path: '/create-checkout-session',
  summary: 'Start the embedded checkout for one package',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ priceId: z.string().min(1).max(200) }) } } } },
  responses: { 200: jsonContent(z.object({ clientSecret: z.string(), sessionId: z.string() }), 'Client secret for the embedded checkout') },
});

const postTopUpSession = createRoute({
  method: 'post',
  path: '/create-top-up-session',
  summary: 'Start a hosted checkout for a custom amount ($1.00 to $1,000.00)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            amount_cents: z
              .number()
              .int()
              .min(CUSTOM_TOP_UP_MIN_CENTS, `Minimum amount is ${formatCents(CUSTOM_TOP_UP_MIN_CENTS)}`)
              .max(CUSTOM_TOP_UP_MAX_CENTS, `Maximum amount is ${formatCents(CUSTOM_TOP_UP_MAX_CENTS)}`),
          }),
        },
      },
    },
  },
  responses: { 200: jsonContent(z.object({ sessionId: z.string(), url: z.string() }), 'Where to send the browser') },
});

const sessionIdParam = z.object({ sessionId: z.string().min(1).max(300) });

const getVerification = createRoute({
  method: 'get',
  path: '/verify-checkout-session/{sessionId}',
  summary: 'Check (and credit, if paid) one of my checkout sessions',
  request: { params: sessionIdParam },
  responses: { 200: jsonContent(verificationSchema, 'Verification result') },
});

const getHistory = createRoute({
  method: 'get',
  path: '/transaction-history/{kind}',
  summary: 'My top-ups or my usage (withdrawals), newest first',
  request: {
    params: z.object({ kind: z.enum(['top-ups', 'withdrawals']) }),
    query: z
      .object({
        limit: z.coerce.number().int().min(1).max(1000).default(HISTORY_PAGE_SIZE),
        starting_after: z.uuid().optional(),
        ending_before: z.uuid().optional(),
      })
      .refine((q) => !(q.starting_after && q.ending_before), { message: 'Use starting_after or ending_before, not both' }),
  },
  responses: { 200: jsonContent(z.object({ data: z.array(transactionSchema), has_more: z.boolean() }), 'One page') },
});

const postWebhook = createRoute({
  method: 'post',
  path: '/webhook',
  summary: 'Stripe events, verified by their signature over the raw body',
  responses: { 200: jsonContent(z.object({ received: z.literal(true) }), 'Handled') },
});

const testSessionParam = z.object({ id: z.string().min(1).max(300) });

const getTestCheckout = createRoute({
  method: 'get',
  path: '/test-checkout/{id}',
  summary: 'Test mode only: a local checkout session (no real charge)',
  request: { params: testSessionParam },
  responses: { 200: jsonContent(testCheckoutSchema, 'Session') },
});

const postTestCheckoutComplete = createRoute({
  method: 'post',
  path: '/test-checkout/{id}/complete',
  summary: 'Test mode only: pay a local checkout session (no real charge)',
  request: { params: testSessionParam },
  responses: { 200: jsonContent(verificationSchema, 'Verification result') },
});

const postTestCheckoutCancel = createRoute({
  method: 'post',
  path: '/test-checkout/{id}/cancel',
  summary: 'Test mode only: abandon a local checkout session',
  request: { params: testSessionParam },
  responses: { 200: jsonContent(z.object({ cancelled: z.literal(true) }), 'Cancelled') },
});

function paymentsOf(deps: AppDeps): { provider: PaymentProvider; stripe: Stripe | undefined } {
  const { config, db } = deps;
  if (config.stripe.mode === 'stripe') {
    const stripe = createStripeClient(config.stripe);
    return { provider: createStripeProvider({ config: config.stripe, appUrl: config.appUrl, db, stripe }), stripe };
  }
  return { provider: createTestProvider({ appUrl: config.appUrl, db }), stripe: undefined };
}

export function billingRoutes(deps: AppDeps) {
  const { config, db } = deps;
  const { provider, stripe } = paymentsOf(deps);
  const signedIn = requireUser(deps);
  // The local checkout exists only with test-mode payments, which env.ts refuses in production.
  const testModeOnly: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (provider.name !== 'test' || config.isProduction) throw new AppError('NOT_FOUND', 'Not found');
    await next();
  };
  const buyerOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

  const router = createRouter();
  for (const path of ['/balance', '/create-checkout-session', '/create-top-up-session', '/verify-checkout-session/*', '/transaction-history/*']) {
    router.use(path, signedIn);
  }
  router.use('/test-checkout/*', testModeOnly, signedIn);

  return router
    .openapi(getBalance, async (c) => c.json(await balanceOf(db, c.get('user').id, config.freeGenerations), 200))
    .openapi(getPrices, async (c) => {
      const prices = await provider.listPrices(c.req.valid('param').product);
      if (!prices) throw new AppError('NOT_FOUND', 'No such product');
      return c.json(prices, 200);
    })
    .openapi(postCheckoutSession, async (c) => c.json(await createPackageCheckout(db, provider, buyerOf(c.get('user')), c.req.valid('json').priceId), 200))
    .openapi(postTopUpSession, async (c) => c.json(await createCustomTopUp(db, provider, buyerOf(c.get('user')), c.req.valid('json').amount_cents), 200))
    .openapi(getVerification, async (c) =>
      c.json(await verifyCheckoutSession(db, provider, buyerOf(c.get('user')), c.req.valid('param').sessionId, c.get('logger')), 200),
    )
    .openapi(getHistory, async (c) => {
      const query = c.req.valid('query');
      const page = await transactionHistory(db, c.get('user').id, c.req.valid('param').kind, {
        limit: query.limit,
        startingAfter: query.starting_after,
        endingBefore: query.ending_before,
      });
      return c.json(page, 200);
    })
    .openapi(postWebhook, async (c) => {
      if (!stripe) throw new AppError('NOT_FOUND', 'Payments run in test mode; there is no Stripe webhook');
      const secret = config.stripe.mode === 'stripe' ? config.stripe.webhookSecret : undefined;
      if (!secret) throw new AppError('BAD_REQUEST', 'STRIPE_WEBHOOK_SECRET is not set; webhooks cannot be verified');
      const signature = c.req.header('stripe-signature');
      if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
      // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
      const payload = Buffer.from(await c.req.arrayBuffer());
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, secret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
        throw error;
      }
      await handleStripeEvent(db, event, c.get('logger'));
      return c.json({ received: true as const }, 200);
    })
    .openapi(getTestCheckout, async (c) => c.json(await testCheckoutDetails(db, c.get('user').id, c.req.valid('param').id), 200))
    .openapi(postTestCheckoutComplete, async (c) =>
      c.json(await completeTestCheckout(db, buyerOf(c.get('user')), c.req.valid('param').id, c.get('logger')), 200),
    )
    .openapi(postTestCheckoutCancel, async (c) => {
      await cancelTestCheckout(db, c.get('user').id, c.req.valid('param').id);
      return c.json({ cancelled: true as const }, 200);
    });
}

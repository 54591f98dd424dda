import { coded } from '@shared/coded-text';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import Stripe from 'stripe';
import {
  balanceSchema,
  checkoutVerificationSchema,
  customTopUpRequestSchema,
  embeddedCheckoutSchema,
  historyKindSchema,
  hostedCheckoutSchema,
  packageCheckoutRequestSchema,
  priceSchema,
  testCheckoutSchema,
  transactionPageSchema,
  transactionSchema,
} from '@shared/billing';
import { HISTORY_PAGE_SIZE } from '@shared/constants';
import { AppError } from '@shared/errors';
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
import { handleStripeEvent } from './webhook.service';
import { historyCsv } from './history-export.service';

/** The spec's /api/stripe/* calls (section 7), the Stripe webhook, and the test-mode checkout. */

// Named in the OpenAPI document (zod's own metadata: these shared schemas may be made before
// @hono/zod-openapi adds .openapi() to zod); the shapes themselves are src/shared/billing.ts.
const balance = balanceSchema.meta({ id: 'Balance' });
const prices = z.array(priceSchema.meta({ id: 'Price' }));
const verification = checkoutVerificationSchema.meta({ id: 'CheckoutVerification' });
const transactionPage = transactionPageSchema.extend({ data: z.array(transactionSchema.meta({ id: 'Transaction' })) });
const testCheckout = testCheckoutSchema.meta({ id: 'TestCheckout' });

const sessionIdParam = z.object({ sessionId: z.string().min(1).max(300) });
const testSessionParam = z.object({ id: z.string().min(1).max(300) });

export function billingRoutes(deps: AppDeps) {
  const { config, db } = deps;
  const { provider, stripe } = deps.payments;
  const signedIn = requireUser(deps);
  // The local checkout exists only with test-mode payments, which env.ts refuses in production;
  // where it does not exist it is not in the API's description either.
  const testMode = provider.name === 'test' && !config.isProduction;
  const testModeOnly: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!testMode) throw new AppError('NOT_FOUND', 'Not found', { text: coded('error.notFound') });
    await next();
  };
  const buyerOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

  const getBalance = createRoute({
    method: 'get',
    path: '/balance',
    summary: "The signed-in user's balance and free images left",
    middleware: signedIn,
    responses: { 200: jsonContent(balance, 'Balance') },
  });
  const getPrices = createRoute({
    method: 'get',
    path: '/prices/{product}',
    summary: "The product's top-up packages ('default' = this server's product); prices without an amount are left out",
    request: { params: z.object({ product: z.string().min(1).max(200) }) },
    responses: { 200: jsonContent(prices, 'Prices') },
  });
  const postCheckoutSession = createRoute({
    method: 'post',
    path: '/create-checkout-session',
    summary: 'Start the embedded checkout for one package',
    middleware: signedIn,
    request: { body: { required: true, content: { 'application/json': { schema: packageCheckoutRequestSchema } } } },
    responses: { 200: jsonContent(embeddedCheckoutSchema, 'Client secret for the embedded checkout') },
  });
  const postTopUpSession = createRoute({
    method: 'post',
    path: '/create-top-up-session',
    summary: 'Start a hosted checkout for a custom amount ($1.00 to $1,000.00)',
    middleware: signedIn,
    request: { body: { required: true, content: { 'application/json': { schema: customTopUpRequestSchema } } } },
    responses: { 200: jsonContent(hostedCheckoutSchema, 'Where to send the browser') },
  });
  const getVerification = createRoute({
    method: 'get',
    path: '/verify-checkout-session/{sessionId}',
    summary: 'Check (and credit, if paid) one of my checkout sessions',
    middleware: signedIn,
    request: { params: sessionIdParam },
    responses: { 200: jsonContent(verification, 'Verification result') },
  });
  const getHistory = createRoute({
    method: 'get',
    path: '/transaction-history/{kind}',
    summary: 'My top-ups or my usage (withdrawals), newest first',
    middleware: signedIn,
    request: {
      params: z.object({ kind: historyKindSchema }),
      query: z
        .object({
          limit: z.coerce.number().int().min(1).max(1000).default(HISTORY_PAGE_SIZE),
          starting_after: z.uuid().optional(),
          ending_before: z.uuid().optional(),
        })
        .refine((q) => !(q.starting_after && q.ending_before), { message: 'Use starting_after or ending_before, not both' }),
    },
    responses: { 200: jsonContent(transactionPage, 'One page') },
  });
  const getHistoryCsv = createRoute({
    method: 'get',
    path: '/transaction-history/{kind}/csv',
    summary: 'My top-ups or my usage in a period (whole days in my time zone, both inclusive), as CSV: the history API’s rows and fields',
    middleware: signedIn,
    request: {
      params: z.object({ kind: historyKindSchema }),
      query: z.object({ from: z.iso.date(), to: z.iso.date() }),
    },
    responses: { 200: { description: 'CSV, newest first', content: { 'text/csv': { schema: z.string() } } } },
  });
  const postWebhook = createRoute({
    method: 'post',
    path: '/webhook',
    // Without Stripe there is no webhook to receive.
    hide: !stripe,
    summary: 'Stripe events, verified by their signature over the raw body',
    responses: { 200: jsonContent(z.object({ received: z.literal(true) }), 'Handled') },
  });
  const getTestCheckout = createRoute({
    method: 'get',
    path: '/test-checkout/{id}',
    hide: !testMode,
    summary: 'Test mode only: a local checkout session (no real charge)',
    middleware: [testModeOnly, signedIn],
    request: { params: testSessionParam },
    responses: { 200: jsonContent(testCheckout, 'Session') },
  });
  const postTestCheckoutComplete = createRoute({
    method: 'post',
    path: '/test-checkout/{id}/complete',
    hide: !testMode,
    summary: 'Test mode only: pay a local checkout session (no real charge)',
    middleware: [testModeOnly, signedIn],
    request: { params: testSessionParam },
    responses: { 200: jsonContent(verification, 'Verification result') },
  });
  const postTestCheckoutCancel = createRoute({
    method: 'post',
    path: '/test-checkout/{id}/cancel',
    hide: !testMode,
    summary: 'Test mode only: abandon a local checkout session',
    middleware: [testModeOnly, signedIn],
    request: { params: testSessionParam },
    responses: { 200: jsonContent(z.object({ cancelled: z.literal(true) }), 'Cancelled') },
  });

  return createRouter()
    .openapi(getBalance, async (c) => c.json(await balanceOf(db, c.get('user').id, config.freeGenerations), 200))
    .openapi(getPrices, async (c) => {
      const prices = await provider.listPrices(c.req.valid('param').product);
      if (!prices) throw new AppError('NOT_FOUND', 'No such product', { text: coded('error.productNotFound') });
      return c.json(prices, 200);
    })
    .openapi(postCheckoutSession, async (c) =>
      c.json(await createPackageCheckout(db, provider, buyerOf(c.get('user')), c.req.valid('json').priceId), 200),
    )
    .openapi(postTopUpSession, async (c) =>
      c.json(await createCustomTopUp(db, provider, buyerOf(c.get('user')), c.req.valid('json').amount_cents), 200),
    )
    .openapi(getVerification, async (c) =>
      c.json(await verifyCheckoutSession(db, provider, buyerOf(c.get('user')), c.req.valid('param').sessionId, c.get('logger'), deps), 200),
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
    .openapi(getHistoryCsv, async (c) => {
      const { kind } = c.req.valid('param');
      const { from, to } = c.req.valid('query');
      const csv = await historyCsv(db, c.get('user').id, kind, { from, to });
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${kind}-${from}-${to}.csv"`,
      });
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
      await handleStripeEvent({ db, stripe, mails: deps }, event, c.get('logger'));
      return c.json({ received: true as const }, 200);
    })
    .openapi(getTestCheckout, async (c) => c.json(await testCheckoutDetails(db, c.get('user').id, c.req.valid('param').id), 200))
    .openapi(postTestCheckoutComplete, async (c) =>
      c.json(await completeTestCheckout(db, buyerOf(c.get('user')), c.req.valid('param').id, c.get('logger'), deps), 200),
    )
    .openapi(postTestCheckoutCancel, async (c) => {
      await cancelTestCheckout(db, c.get('user').id, c.req.valid('param').id);
      return c.json({ cancelled: true as const }, 200);
    });
}

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMails, ledgerEntries } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import type { TestClient } from '@test/server/http-client';
import { startTestServer } from '@test/server/test-server';
import { debitForGeneration } from './billing.service';
import { startLocalStripe, type LocalStripe } from '@test/server/local-stripe-server';
import { signedInUser } from '@test/server/signed-in-user';

const WEBHOOK_SECRET = 'whsec_local_test_secret';
const PRODUCT = 'prod_local_credits';
const signer = new Stripe('sk_test_signer');

let stripe: LocalStripe;
let server: RunningServer;
let appUrl: string;

beforeAll(async () => {
  stripe = await startLocalStripe();
  stripe.setPrices([
    { id: 'price_30', unit_amount: 3000, currency: 'usd', nickname: 'Pro Pack', product: PRODUCT },
    { id: 'price_5', unit_amount: 500, currency: 'usd', nickname: 'Try It Out', product: PRODUCT },
    { id: 'price_metered', unit_amount: null, currency: 'usd', nickname: 'Metered', product: PRODUCT },
    { id: 'price_10', unit_amount: 1000, currency: 'usd', nickname: null, product: PRODUCT },
    { id: 'price_other', unit_amount: 700, currency: 'usd', nickname: 'Elsewhere', product: 'prod_someone_else' },
  ]);
  const port = 41000 + Math.floor(Math.random() * 9000);
  appUrl = `http://127.0.0.1:${port}`;
  server = await startTestServer({
    PORT: String(port),
    APP_URL: appUrl,
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_PRODUCT_ID: PRODUCT,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

type Balance = { balance: number; formatted: string; freeGenerationsLeft: number; availableCents: number };

async function balanceOf(client: TestClient): Promise<Balance> {
  const response = await client.get('/api/stripe/balance');
  expect(response.status).toBe(200);
  return (await response.json()) as Balance;
}

/** Receipts in the dev mailbox (sent by the send-mail job), waiting up to 5 s for `count` of them. */
async function receiptsTo(email: string, count: number) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mails = (await server.deps.db.select().from(devMails).where(eq(devMails.to, email))).filter((mail) =>
      mail.subject.includes('receipt'),
    );
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function topUpEntries(sessionId: string) {
  return server.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'top_up'), eq(ledgerEntries.reference, sessionId)));
}

/** A package checkout started by the user, as the billing page starts it. */
async function startCheckout(client: TestClient, priceId = 'price_10'): Promise<string> {
  const response = await client.post('/api/stripe/create-checkout-session', { priceId });
  expect(response.status).toBe(200);
  const { sessionId, clientSecret } = (await response.json()) as { sessionId: string; clientSecret: string };
  expect(clientSecret).toBe(stripe.session(sessionId).client_secret);
  return sessionId;
}

function deliver(payload: string, header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return fetch(`${appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: payload,
  });
}

describe('prices', () => {
  it("lists the configured product's prices with an amount, and nothing of another product", async () => {
    const client = await signedInUser(server);
    for (const product of ['default', PRODUCT]) {
      const response = await client.get(`/api/stripe/prices/${product}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { id: 'price_30', unit_amount: 3000, currency: 'usd', nickname: 'Pro Pack' },
        { id: 'price_5', unit_amount: 500, currency: 'usd', nickname: 'Try It Out' },
        { id: 'price_10', unit_amount: 1000, currency: 'usd', nickname: null },
      ]);
    }
    expect((await client.get('/api/stripe/prices/prod_someone_else')).status).toBe(404);
  });
});

describe('starting a checkout', () => {
  it('creates an embedded session for a package, returning to the success page, under one Stripe customer per user', async () => {
    const client = await signedInUser(server);
    const { userId, email } = client;
    const [first, second] = await Promise.all([startCheckout(client, 'price_5'), startCheckout(client, 'price_30')]);
    const third = await startCheckout(client, 'price_10');

    const created = [first, second, third].map((id) => stripe.session(id));
    expect(new Set(created.map((s) => s.customer)).size).toBe(1);
    const customerId = created[0]!.customer as string;
    expect(
      stripe.requests
        .filter((r) => r.path === '/v1/customers' && (r.body.metadata as { user_id?: string }).user_id === userId)
        .every((r) => r.body.email === email),
    ).toBe(true);
    // Racing first checkouts may both ask; the shared idempotency key makes Stripe answer with one customer.
    expect(
      new Set(
        stripe.requests
          .filter((r) => r.path === '/v1/customers' && (r.body.metadata as { user_id?: string }).user_id === userId)
          .map((r) => r.idempotencyKey),
      ).size,
    ).toBe(1);

    const request = stripe.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/checkout/sessions' &&
        r.body.customer === customerId &&
        (r.body.line_items as Record<string, { price?: string }>)['0']!.price === 'price_10',
    );
    expect(request?.body).toMatchObject({
      mode: 'payment',
      ui_mode: 'embedded_page',
      return_url: `${appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      client_reference_id: userId,
      line_items: { 0: { price: 'price_10', quantity: '1' } },
    });
    expect(created[2]!.amount_total).toBe(1000);
  });

  it('puts an idempotency key on every call that creates something at Stripe', async () => {
    const client = await signedInUser(server);
    await startCheckout(client);
    await client.post('/api/stripe/create-top-up-session', { amount_cents: 1500 });
    const creating = stripe.requests.filter((r) => r.method === 'POST');
    expect(creating.length).toBeGreaterThan(0);
    for (const request of creating) expect(request.idempotencyKey).toMatch(/^photomuse-/);
  });

  it('refuses a price that is not one of the packages', async () => {
    const client = await signedInUser(server);
    for (const priceId of ['price_metered', 'price_other', 'price_nope']) {
      const response = await client.post('/api/stripe/create-checkout-session', { priceId });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('creates a hosted session for a custom amount between $1.00 and $1,000.00', async () => {
    const client = await signedInUser(server);
    const response = await client.post('/api/stripe/create-top-up-session', { amount_cents: 2550 });
    expect(response.status).toBe(200);
    const { sessionId, url } = (await response.json()) as { sessionId: string; url: string };
    expect(url).toBe(stripe.session(sessionId).url);
    const request = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.line_items && JSON.stringify(r.body.line_items).includes('2550'),
    );
    expect(request?.body).toMatchObject({
      mode: 'payment',
      success_url: `${appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/billing`,
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', product: PRODUCT, unit_amount: '2550' } } },
    });

    const tooSmall = await client.post('/api/stripe/create-top-up-session', { amount_cents: 99 });
    expect(tooSmall.status).toBe(400);
    expect(await tooSmall.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'amount_cents', message: 'Minimum amount is $1.00' }] },
    });
    const tooLarge = await client.post('/api/stripe/create-top-up-session', { amount_cents: 100_001 });
    expect(await tooLarge.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'amount_cents', message: 'Maximum amount is $1,000.00' }] },
    });
  });

  it('refuses signed-out callers', async () => {
    const response = await fetch(`${appUrl}/api/stripe/create-checkout-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ priceId: 'price_10' }),
    });
    expect(response.status).toBe(401);
    expect((await fetch(`${appUrl}/api/stripe/balance`)).status).toBe(401);
  });
});

describe('fulfilment', () => {
  it('credits once when the same completed event arrives 5 times, concurrently with the success page verifying', async () => {
    const client = await signedInUser(server);
    const before = await balanceOf(client);
    expect(before).toEqual({ balance: 0, formatted: '$0.00', freeGenerationsLeft: 3, availableCents: 0, frozenCents: 0 });
    const sessionId = await startCheckout(client, 'price_10');
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = stripe.event('checkout.session.completed', stripe.session(sessionId));

    const [verify, ...deliveries] = await Promise.all([
      client.get(`/api/stripe/verify-checkout-session/${sessionId}`),
      ...Array.from({ length: 5 }, () => deliver(payload)),
    ]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ status: 'success', amount_total: 1000, currency: 'usd' });

    expect(await topUpEntries(sessionId)).toHaveLength(1);
    expect(await balanceOf(client)).toEqual({
      balance: -1000,
      formatted: '$10.00',
      freeGenerationsLeft: 3,
      availableCents: 1000,
      frozenCents: 0,
    });
    // Later redeliveries and verifications change nothing either.
    await deliver(payload);
    await client.get(`/api/stripe/verify-checkout-session/${sessionId}`);
    expect((await balanceOf(client)).availableCents).toBe(1000);
    // One e-mail receipt for the one credit, naming the payment.
    const receipts = await receiptsTo(client.email, 2);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(`Payment reference: ${sessionId}`);
    expect(receipts[0]!.text).toContain('New balance: $10.00');
  });

  it('credits once when async_payment_succeeded arrives before the (unpaid) completed event', async () => {
    const client = await signedInUser(server);
    const sessionId = await startCheckout(client, 'price_5');
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'unpaid' });
    const completed = stripe.event('checkout.session.completed', stripe.session(sessionId));
    stripe.updateSession(sessionId, { payment_status: 'paid' });
    const succeeded = stripe.event('checkout.session.async_payment_succeeded', stripe.session(sessionId));

    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(completed)).status).toBe(200);
    expect((await deliver(succeeded)).status).toBe(200);
    expect(await topUpEntries(sessionId)).toHaveLength(1);
    expect((await balanceOf(client)).availableCents).toBe(500);
  });

  it('credits nothing for an unpaid completed session, and reports it as processing until the money arrives', async () => {
    const client = await signedInUser(server);
    const sessionId = await startCheckout(client, 'price_5');
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'unpaid' });
    expect((await deliver(stripe.event('checkout.session.completed', stripe.session(sessionId)))).status).toBe(200);
    const verify = await client.get(`/api/stripe/verify-checkout-session/${sessionId}`);
    expect(await verify.json()).toMatchObject({ status: 'processing', amount_total: 500 });
    expect(await topUpEntries(sessionId)).toHaveLength(0);
    expect((await balanceOf(client)).availableCents).toBe(0);
  });

  it('credits nothing when the asynchronous payment fails, and says so', async () => {
    const client = await signedInUser(server);
    const sessionId = await startCheckout(client, 'price_5');
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'unpaid' });
    await deliver(stripe.event('checkout.session.completed', stripe.session(sessionId)));
    expect((await deliver(stripe.event('checkout.session.async_payment_failed', stripe.session(sessionId)))).status).toBe(200);
    const verify = await client.get(`/api/stripe/verify-checkout-session/${sessionId}`);
    expect(await verify.json()).toMatchObject({ status: 'failed', message: 'Your payment failed. No credit was added.' });
    expect(await topUpEntries(sessionId)).toHaveLength(0);
    expect((await balanceOf(client)).availableCents).toBe(0);
  });

  it('answers 400 and credits nothing for a forged signature, a signature 6 minutes old, or none', async () => {
    const client = await signedInUser(server);
    const sessionId = await startCheckout(client, 'price_30');
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = stripe.event('checkout.session.completed', stripe.session(sessionId));

    const forged = await deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }));
    const stale = await deliver(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }),
    );
    const tampered = await deliver(
      payload.replace('"amount_total":3000', '"amount_total":300000'),
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    const unsigned = await fetch(`${appUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: payload,
    });
    for (const response of [forged, stale, tampered, unsigned]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await topUpEntries(sessionId)).toHaveLength(0);
    expect((await balanceOf(client)).availableCents).toBe(0);
  });

  it("answers 404 for another user's checkout session, and for one that does not exist", async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const sessionId = await startCheckout(owner, 'price_10');
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'paid' });

    const peek = await other.get(`/api/stripe/verify-checkout-session/${sessionId}`);
    expect(peek.status).toBe(404);
    expect(await peek.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await other.get('/api/stripe/verify-checkout-session/cs_test_nope')).status).toBe(404);
    expect((await balanceOf(other)).availableCents).toBe(0);
    expect(await topUpEntries(sessionId)).toHaveLength(0);
  });

  it('takes a refunded charge back once, never below zero, recording what could not be taken', async () => {
    const client = await signedInUser(server);
    const { userId } = client;
    const sessionId = await startCheckout(client, 'price_10');
    stripe.updateSession(sessionId, { status: 'complete', payment_status: 'paid' });
    await client.get(`/api/stripe/verify-checkout-session/${sessionId}`);
    // 3 free images, then 5 paid at 8 cents: 40 cents of the $10.00 are spent.
    await debitForGeneration(server.deps.db, { userId, jobId: randomUUID(), imageCount: 8, pricePerImageCents: 8 });
    expect((await balanceOf(client)).availableCents).toBe(960);

    const customer = stripe.session(sessionId).customer as string;
    const chargeId = `ch_${randomUUID().replaceAll('-', '')}`;
    const refunded = stripe.event('charge.refunded', {
      id: chargeId,
      object: 'charge',
      customer,
      amount: 1000,
      amount_refunded: 1000,
      currency: 'usd',
      refunded: true,
    });
    const deliveries = await Promise.all([deliver(refunded), deliver(refunded), deliver(refunded)]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);

    const adjustments = await server.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'adjustment')));
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({
      amountCents: -960,
      balanceAfterCents: 0,
      description: 'Card payment refunded: $10.00 (only $9.60 of credit was left to take back)',
    });
    expect(await balanceOf(client)).toMatchObject({ balance: 0, availableCents: 0 });
  });
});

describe('transaction history', () => {
  type Page = {
    data: Array<{
      id: string;
      type: string;
      created: number;
      description: string;
      amount_formatted: string;
      ending_balance_formatted: string;
    }>;
    has_more: boolean;
  };

  it('lists top-ups and usage apart, newest first, in pages of `limit` with Stripe-style cursors', async () => {
    const client = await signedInUser(server);
    const { userId } = client;
    for (const priceId of ['price_5', 'price_10', 'price_30']) {
      const sessionId = await startCheckout(client, priceId);
      stripe.updateSession(sessionId, { status: 'complete', payment_status: 'paid' });
      await client.get(`/api/stripe/verify-checkout-session/${sessionId}`);
    }
    await debitForGeneration(server.deps.db, { userId, jobId: randomUUID(), imageCount: 5, pricePerImageCents: 8 });

    const all = (await (await client.get('/api/stripe/transaction-history/top-ups')).json()) as Page;
    expect(all.has_more).toBe(false);
    expect(all.data.map((row) => [row.type, row.amount_formatted, row.ending_balance_formatted])).toEqual([
      ['top_up', '$30.00', '$45.00'],
      ['top_up', '$10.00', '$15.00'],
      ['top_up', '$5.00', '$5.00'],
    ]);
    expect(all.data[0]!.created).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(all.data[0]!.description).toBe('Top-up by card');

    const firstPage = (await (await client.get('/api/stripe/transaction-history/top-ups?limit=2')).json()) as Page;
    expect(firstPage.data.map((r) => r.id)).toEqual(all.data.slice(0, 2).map((r) => r.id));
    expect(firstPage.has_more).toBe(true);
    const nextPage = (await (
      await client.get(`/api/stripe/transaction-history/top-ups?limit=2&starting_after=${firstPage.data[1]!.id}`)
    ).json()) as Page;
    expect(nextPage).toEqual({ data: [all.data[2]], has_more: false });
    const previousPage = (await (
      await client.get(`/api/stripe/transaction-history/top-ups?limit=1&ending_before=${all.data[2]!.id}`)
    ).json()) as Page;
    expect(previousPage).toEqual({ data: [all.data[1]], has_more: true });

    const usage = (await (await client.get('/api/stripe/transaction-history/withdrawals')).json()) as Page;
    expect(usage.data).toEqual([
      expect.objectContaining({
        type: 'usage',
        description: 'Generated 5 images (3 free)',
        amount_formatted: '$0.16',
        ending_balance_formatted: '$44.84',
      }),
    ]);

    const other = await signedInUser(server);
    expect((await other.get(`/api/stripe/transaction-history/top-ups?starting_after=${all.data[0]!.id}`)).status).toBe(404);
    expect(await (await other.get('/api/stripe/transaction-history/top-ups')).json()).toEqual({ data: [], has_more: false });
    expect((await client.get('/api/stripe/transaction-history/refunds')).status).toBe(400);
    expect((await client.get('/api/stripe/transaction-history/top-ups?limit=0')).status).toBe(400);
  });
});

describe('test-mode checkout', () => {
  it('does not exist when Stripe is configured', async () => {
    const client = await signedInUser(server);
    const sessionId = await startCheckout(client);
    expect((await client.post(`/api/stripe/test-checkout/${sessionId}/complete`)).status).toBe(404);
    expect((await client.get(`/api/stripe/test-checkout/${sessionId}`)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import type { TestClient } from '@test/server/http-client';
import { startTestServer } from '@test/server/test-server';
import { signedInUser } from '@test/server/signed-in-user';

let server: RunningServer;
let appUrl: string;

beforeAll(async () => {
  const port = 41000 + Math.floor(Math.random() * 9000);
  appUrl = `http://127.0.0.1:${port}`;
  // No Stripe keys: the built-in test-mode provider serves the same endpoints.
  server = await startTestServer({ PORT: String(port), APP_URL: appUrl, FREE_GENERATIONS: '2' });
});
afterAll(() => server?.stop());

const availableCents = async (client: TestClient) =>
  ((await (await client.get('/api/stripe/balance')).json()) as { availableCents: number }).availableCents;

async function packageSession(client: TestClient, priceId: string): Promise<string> {
  const response = await client.post('/api/stripe/create-checkout-session', { priceId });
  expect(response.status).toBe(200);
  const { clientSecret, sessionId } = (await response.json()) as { clientSecret: string; sessionId: string };
  expect(sessionId).toMatch(/^cs_test_local_/);
  expect(clientSecret).toBe(`${sessionId}_secret_local`);
  return sessionId;
}

describe('test-mode payments', () => {
  it("sells the landing page's three packs", async () => {
    const client = await signedInUser(server);
    const response = await client.get('/api/stripe/prices/default');
    expect(await response.json()).toEqual([
      { id: 'price_test_500', unit_amount: 500, currency: 'usd', nickname: 'Try It Out' },
      { id: 'price_test_1000', unit_amount: 1000, currency: 'usd', nickname: 'Creator Pack' },
      { id: 'price_test_3000', unit_amount: 3000, currency: 'usd', nickname: 'Pro Pack' },
    ]);
  });

  it('gives a new account FREE_GENERATIONS free images', async () => {
    const client = await signedInUser(server);
    expect(await (await client.get('/api/stripe/balance')).json()).toEqual({
      balance: 0,
      formatted: '$0.00',
      freeGenerationsLeft: 2,
      availableCents: 0,
      frozenCents: 0,
    });
  });

  it('credits a package once through the local checkout, however often Pay and verify are pressed', async () => {
    const client = await signedInUser(server);
    const { email } = client;
    const sessionId = await packageSession(client, 'price_test_1000');
    const shown = await client.get(`/api/stripe/test-checkout/${sessionId}`);
    expect(await shown.json()).toEqual({ id: sessionId, amount_total: 1000, currency: 'usd', status: 'open', payment_status: 'unpaid' });
    expect(await (await client.get(`/api/stripe/verify-checkout-session/${sessionId}`)).json()).toMatchObject({ status: 'open' });

    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => client.post(`/api/stripe/test-checkout/${sessionId}/complete`)),
      client.get(`/api/stripe/verify-checkout-session/${sessionId}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const verified = await (await client.get(`/api/stripe/verify-checkout-session/${sessionId}`)).json();
    expect(verified).toEqual({
      status: 'success',
      message: 'Your payment went through and the credit was added to your balance.',
      customer_email: email,
      amount_total: 1000,
      currency: 'usd',
    });
    expect(await availableCents(client)).toBe(1000);

    const history = (await (await client.get('/api/stripe/transaction-history/top-ups')).json()) as {
      data: Array<{ description: string; amount_formatted: string }>;
    };
    expect(history.data).toEqual([
      expect.objectContaining({
        type: 'top_up',
        description: 'Top-up (test mode, no real charge)',
        amount_formatted: '$10.00',
        ending_balance_formatted: '$10.00',
      }),
    ]);
  });

  it('sends a custom amount to the local checkout page', async () => {
    const client = await signedInUser(server);
    const response = await client.post('/api/stripe/create-top-up-session', { amount_cents: 2500 });
    const { sessionId, url } = (await response.json()) as { sessionId: string; url: string };
    expect(url).toBe(`${appUrl}/dev/checkout/${sessionId}`);
    expect((await client.post(`/api/stripe/test-checkout/${sessionId}/complete`)).status).toBe(200);
    expect(await availableCents(client)).toBe(2500);
  });

  it('cannot pay a cancelled checkout', async () => {
    const client = await signedInUser(server);
    const sessionId = await packageSession(client, 'price_test_500');
    expect((await client.post(`/api/stripe/test-checkout/${sessionId}/cancel`)).status).toBe(200);
    expect((await client.post(`/api/stripe/test-checkout/${sessionId}/complete`)).status).toBe(400);
    expect(await (await client.get(`/api/stripe/verify-checkout-session/${sessionId}`)).json()).toMatchObject({ status: 'expired' });
    expect(await availableCents(client)).toBe(0);
  });

  it("keeps each user's checkout to themselves", async () => {
    const owner = await signedInUser(server);
    const other = await signedInUser(server);
    const sessionId = await packageSession(owner, 'price_test_3000');
    expect((await other.get(`/api/stripe/test-checkout/${sessionId}`)).status).toBe(404);
    expect((await other.post(`/api/stripe/test-checkout/${sessionId}/complete`)).status).toBe(404);
    expect((await other.get(`/api/stripe/verify-checkout-session/${sessionId}`)).status).toBe(404);
    expect(await availableCents(other)).toBe(0);
    expect(await availableCents(owner)).toBe(0);
  });

  it('has no Stripe webhook', async () => {
    const response = await fetch(`${appUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(response.status).toBe(404);
  });
});

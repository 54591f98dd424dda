import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAccounts, retainedLedgerEntries } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { startTestServer } from '@test/server/test-server';
import { startLocalStripe, type LocalStripe } from '@test/server/local-stripe-server';
import { signedInUser, TEST_PASSWORD } from '@test/server/signed-in-user';
import { deleteStripeCustomer, purgeRetainedLedger } from './account-erasure.service';

/**
 * Nothing of a deleted account is left at Stripe (its customer, with any saved card, is deleted),
 * and its retained ledger rows go once their retention period has ended.
 */
const PRODUCT = 'prod_local_credits';
let stripe: LocalStripe;
let server: RunningServer;

beforeAll(async () => {
  stripe = await startLocalStripe();
  stripe.setPrices([{ id: 'price_10', unit_amount: 1000, currency: 'usd', nickname: null, product: PRODUCT }]);
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_PRODUCT_ID: PRODUCT,
    STRIPE_WEBHOOK_SECRET: 'whsec_local_test_secret',
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('account deletion at Stripe', () => {
  it("deletes the account's Stripe customer", async () => {
    const client = await signedInUser(server);
    expect((await client.post('/api/stripe/create-checkout-session', { priceId: 'price_10' })).status).toBe(200);
    const [account] = await server.deps.db.select().from(balanceAccounts).where(eq(balanceAccounts.userId, client.userId));
    const customerId = account!.stripeCustomerId!;
    expect(stripe.hasCustomer(customerId)).toBe(true);

    expect((await client.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(
      await until(
        () => stripe.hasCustomer(customerId),
        (exists) => !exists,
      ),
    ).toBe(false);
    expect(stripe.requests.filter((request) => request.method === 'DELETE' && request.path === `/v1/customers/${customerId}`)).toHaveLength(
      1,
    );
  });

  it('refuses an unknown customer as Stripe does, which the deletion takes as already done', async () => {
    const answer = await fetch(`${stripe.url}/v1/customers/cus_never_made`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer sk_test_local' },
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: 'resource_missing', param: 'id' } });
    await expect(deleteStripeCustomer(server.deps, 'cus_never_made')).resolves.toBeUndefined();
  });
});

describe('the purge of retained ledger rows', () => {
  it('deletes only rows whose retention period (years after the end of their calendar year) has ended', async () => {
    const thisYear = new Date().getUTCFullYear();
    const erasedAccountId = randomUUID();
    const row = (createdAt: string) => ({
      id: randomUUID(),
      erasedAccountId,
      kind: 'top_up' as const,
      amountCents: 500,
      freeGenerationsDelta: 0,
      reference: `cs_purge_${randomUUID()}`,
      description: 'Top-up by card',
      balanceAfterCents: 500,
      createdAt: new Date(createdAt),
    });
    // With 5 years: an entry of (this year - 6) was kept until the end of (this year - 1): gone.
    const expired = [row(`${thisYear - 6}-12-31T23:00:00Z`), row(`${thisYear - 9}-03-01T00:00:00Z`)];
    // An entry of (this year - 5) is kept until the end of this year; newer ones longer.
    const kept = [row(`${thisYear - 5}-01-01T00:30:00Z`), row(`${thisYear - 1}-06-01T00:00:00Z`), row(new Date().toISOString())];
    await server.deps.db.insert(retainedLedgerEntries).values([...expired, ...kept]);

    await purgeRetainedLedger(server.deps.db, 5);
    const left = await server.deps.db
      .select({ id: retainedLedgerEntries.id })
      .from(retainedLedgerEntries)
      .where(
        inArray(
          retainedLedgerEntries.id,
          [...expired, ...kept].map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual(kept.map((r) => r.id).sort());
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '@server/db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { askForReply, expectLedgerMatchesBalance, jobSettled, ledgerOf, sendMessage } from '@test/server/generation';
import { creditTopUp } from './billing.repository';
import { refundGeneration } from './billing.service';

/**
 * Limits people set on their own spending: a request whose charge would pass the day's or the
 * month's limit is refused before any charge, with the figures to explain it, and goes through
 * again once the period has reset. The built-in engine at 8 cents an image, no free images.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({
    FREE_GENERATIONS: '0',
    PRICE_PER_IMAGE_CENTS: '8',
    RATE_LIMIT_GENERATIONS_PER_MINUTE: '1000',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '1000',
  });
});
afterAll(() => server?.stop());

async function fundedUser(cents = 500): Promise<SignedInClient> {
  const client = await signedInUser(server);
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: cents,
    reference: `cs_spending_${client.userId}`,
    description: 'Top-up',
  });
  return client;
}

const setControls = (client: SignedInClient, body: unknown) => client.request('/api/spending', { method: 'PUT', json: body });
const controlsOf = async (client: SignedInClient) => (await (await client.get('/api/spending')).json()) as Record<string, unknown>;
const usageCount = async (client: SignedInClient) =>
  (await ledgerOf(server, client.userId)).filter((entry) => entry.kind === 'usage').length;

/** One paid image, asked for the way the Retry button asks (message first, then POST /api/chat). */
async function requestImage(client: SignedInClient) {
  const sent = await sendMessage(client, 'a lighthouse by the sea');
  return askForReply(client, sent.session_id);
}

/** Time passes: the user's charges so far move back by `interval`. */
async function moveChargesBack(client: SignedInClient, interval: string) {
  await server.deps.db
    .update(ledgerEntries)
    .set({ createdAt: sql`${ledgerEntries.createdAt} - ${interval}::interval` })
    .where(and(eq(ledgerEntries.userId, client.userId), sql`${ledgerEntries.kind} in ('usage', 'refund')`));
}

describe('spending limits', () => {
  it('refuses a request past the daily limit with no charge, says why, and allows it after the day resets', async () => {
    const client = await fundedUser();
    expect((await setControls(client, { daily_limit_cents: 20, time_zone: 'Europe/Berlin' })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const answer = await requestImage(client);
      expect(answer.status).toBe(202);
      expect((await jobSettled(server, answer.body.job_id)).status).toBe('completed');
    }

    const refused = await requestImage(client);
    expect(refused.status).toBe(403);
    const body = refused.body as unknown as { code: string; message: string; details: { spending_limit: Record<string, unknown> } };
    expect(body.code).toBe('FORBIDDEN');
    const controls = await controlsOf(client);
    expect(body.details.spending_limit).toEqual({
      period: 'daily',
      limit_cents: 20,
      spent_cents: 16,
      price_cents: 8,
      resets_at: controls.day_resets_at,
    });
    expect(body.message).toContain('daily spending limit of $0.20: $0.16 spent');
    expect(body.message).toContain('/billing#spending-limits');
    // Tomorrow, 00:00 in Berlin.
    const resetsAt = new Date(controls.day_resets_at as string);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        resetsAt,
      ),
    ).toBe('00:00');
    expect(resetsAt.getTime() - Date.now()).toBeGreaterThan(0);
    expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3600_000);
    expect(await usageCount(client)).toBe(2);

    // The same refusal through the composer's path (message and reply in one request): nothing stored, nothing charged.
    const direct = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'a lighthouse',
      file_ids: [],
      request_reply: true,
    });
    expect(direct.status).toBe(403);
    expect(await usageCount(client)).toBe(2);
    await expectLedgerMatchesBalance(server, client.userId);

    await moveChargesBack(client, '25 hours');
    const nextDay = await requestImage(client);
    expect(nextDay.status).toBe(202);
    expect(nextDay.body.price_cents).toBe(8);
  });

  it('refuses a request past the monthly limit and allows it after the month resets', async () => {
    const client = await fundedUser();
    await setControls(client, { monthly_limit_cents: 10 });
    const first = await requestImage(client);
    expect(first.status).toBe(202);
    expect((await jobSettled(server, first.body.job_id)).status).toBe('completed');

    const refused = await requestImage(client);
    expect(refused.status).toBe(403);
    expect(
      (refused.body as unknown as { details: { spending_limit: { period: string; spent_cents: number } } }).details.spending_limit,
    ).toMatchObject({ period: 'monthly', limit_cents: 10, spent_cents: 8 });
    expect(await usageCount(client)).toBe(1);

    await moveChargesBack(client, '32 days');
    expect((await requestImage(client)).status).toBe(202);
  });

  it('counts charges minus refunds: a refunded image frees its part of the limit', async () => {
    const client = await fundedUser();
    await setControls(client, { daily_limit_cents: 16 });
    const jobs: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const answer = await requestImage(client);
      expect(answer.status).toBe(202);
      jobs.push(answer.body.job_id);
      expect((await jobSettled(server, answer.body.job_id)).status).toBe('completed');
    }
    expect((await requestImage(client)).status).toBe(403);
    expect(await controlsOf(client)).toMatchObject({ spent_today_cents: 16 });

    await refundGeneration(server.deps.db, { userId: client.userId, jobId: jobs[0]! });
    expect(await controlsOf(client)).toMatchObject({ spent_today_cents: 8 });
    expect((await requestImage(client)).status).toBe(202);
  });

  it('never lets concurrent requests pass the limit together', async () => {
    const client = await fundedUser();
    await setControls(client, { daily_limit_cents: 24 });
    const sessions = await Promise.all(Array.from({ length: 8 }, () => sendMessage(client, 'a lighthouse by the sea')));
    const answers = await Promise.all(sessions.map((sent) => askForReply(client, sent.session_id)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    expect(await usageCount(client)).toBe(3);
  });

  it('shows the limit the next request would pass on the quote', async () => {
    const client = await fundedUser();
    await setControls(client, { daily_limit_cents: 5 });
    const quote = (await (await client.get('/api/chat/quote?text=a%20lighthouse&attachments=0')).json()) as {
      priceCents: number;
      spendingLimit: unknown;
    };
    expect(quote.priceCents).toBe(8);
    expect(quote.spendingLimit).toMatchObject({ period: 'daily', limit_cents: 5, spent_cents: 0, price_cents: 8 });
    await setControls(client, { daily_limit_cents: null });
    const unlimited = (await (await client.get('/api/chat/quote?text=a%20lighthouse&attachments=0')).json()) as { spendingLimit: unknown };
    expect(unlimited.spendingLimit).toBeNull();
  });

  it('refuses an unknown time zone or a bad limit and changes nothing', async () => {
    const client = await fundedUser();
    await setControls(client, { daily_limit_cents: 300, time_zone: 'Asia/Tokyo' });
    expect((await setControls(client, { daily_limit_cents: 100, time_zone: 'Mars/Olympus_Mons' })).status).toBe(400);
    expect((await setControls(client, { daily_limit_cents: -5 })).status).toBe(400);
    expect((await setControls(client, { monthly_limit_cents: 1.5 })).status).toBe(400);
    expect(await controlsOf(client)).toMatchObject({ daily_limit_cents: 300, monthly_limit_cents: null, time_zone: 'Asia/Tokyo' });
  });

  it("starts a new account with the operator's monthly limit", async () => {
    const withDefault = await startTestServer({ DEFAULT_MONTHLY_LIMIT_CENTS: '2500' });
    try {
      const client = await signedInUser(withDefault);
      expect(await (await client.get('/api/spending')).json()).toMatchObject({ daily_limit_cents: null, monthly_limit_cents: 2500 });
    } finally {
      await withDefault.stop();
    }
    expect(await controlsOf(await signedInUser(server))).toMatchObject({
      daily_limit_cents: null,
      monthly_limit_cents: null,
      time_zone: 'UTC',
    });
  });
});

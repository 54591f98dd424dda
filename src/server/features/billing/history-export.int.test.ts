import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '@server/db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { askForReply, jobSettled, sendMessage } from '@test/server/generation';
import { csvCell, csvRowOf, HISTORY_CSV_COLUMNS } from './history-export.service';
import type { Transaction } from '@shared/billing';

/** The Top-ups and Usage tabs as CSV for a period: the same rows and fields as the history API. */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ FREE_GENERATIONS: '1', PRICE_PER_IMAGE_CENTS: '8' });
});
afterAll(() => server?.stop());

async function topUp(client: SignedInClient, priceId: string) {
  const { sessionId } = (await (await client.post('/api/stripe/create-checkout-session', { priceId })).json()) as { sessionId: string };
  expect((await client.post(`/api/stripe/test-checkout/${sessionId}/complete`)).status).toBe(200);
}

async function oneImage(client: SignedInClient) {
  const sent = await sendMessage(client, 'a lighthouse by the sea');
  const answer = await askForReply(client, sent.session_id);
  expect(answer.status).toBe(202);
  await jobSettled(server, answer.body.job_id);
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('history export', () => {
  it('gives the same rows as the history API for the period, and leaves out what lies outside it', async () => {
    const client = await signedInUser(server);
    await topUp(client, 'price_test_500');
    await topUp(client, 'price_test_1000');
    await oneImage(client); // free
    await oneImage(client); // $0.08
    // One old top-up, 40 days ago: outside a period of the last week.
    await topUp(client, 'price_test_3000');
    await server.deps.db
      .update(ledgerEntries)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.kind, 'top_up'), eq(ledgerEntries.amountCents, 3000)));

    for (const kind of ['top-ups', 'withdrawals'] as const) {
      const api = (await (await client.get(`/api/stripe/transaction-history/${kind}?limit=100`)).json()) as { data: Transaction[] };
      const weekAgo = Date.now() / 1000 - 7 * 86_400;
      const expected = api.data.filter((row) => row.created >= weekAgo);
      const response = await client.get(`/api/stripe/transaction-history/${kind}/csv?from=${day(-7)}&to=${day(1)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${kind}-${day(-7)}-${day(1)}.csv"`);
      const csv = await response.text();
      expect(csv).toBe([HISTORY_CSV_COLUMNS.join(','), ...expected.map(csvRowOf)].join('\r\n') + '\r\n');
      expect(expected).toHaveLength(2);
    }
    const topUps = await (await client.get(`/api/stripe/transaction-history/top-ups/csv?from=${day(-7)}&to=${day(1)}`)).text();
    expect(topUps).toContain(',top_up,');
    expect(topUps).toContain('$10.00');
    expect(topUps).not.toContain('$30.00');
    const all = await (await client.get(`/api/stripe/transaction-history/top-ups/csv?from=${day(-60)}&to=${day(1)}`)).text();
    expect(all).toContain('$30.00');
  });

  it('refuses a period that ends before it starts, or a date that is none, and keeps each user to their own rows', async () => {
    const client = await signedInUser(server);
    await topUp(client, 'price_test_500');
    expect((await client.get(`/api/stripe/transaction-history/top-ups/csv?from=${day(1)}&to=${day(-1)}`)).status).toBe(400);
    expect((await client.get('/api/stripe/transaction-history/top-ups/csv?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    const other = await signedInUser(server);
    const theirs = await (await other.get(`/api/stripe/transaction-history/top-ups/csv?from=${day(-1)}&to=${day(1)}`)).text();
    expect(theirs).toBe(HISTORY_CSV_COLUMNS.join(',') + '\r\n');
  });

  it('quotes cells as CSV does and never lets one be a formula', () => {
    expect(csvCell('Top-up, by card')).toBe('"Top-up, by card"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-8')).toBe("'-8");
  });
});

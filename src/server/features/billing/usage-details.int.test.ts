import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionPage } from '@shared/billing';
import { userFiles } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { creditTopUp } from './billing.repository';
import { jobSettled, sendMessage } from '@test/server/generation';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/** Usage history lines say what each charge was for: the request, its picture, its engine, its session. */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local', FREE_GENERATIONS: '1' });
});
afterAll(() => server?.stop());

async function usageLines(client: SignedInClient): Promise<TransactionPage['data']> {
  const response = await client.get('/api/stripe/transaction-history/withdrawals');
  expect(response.status).toBe(200);
  return ((await response.json()) as TransactionPage).data.filter((line) => line.type === 'usage');
}

describe('usage history lines', () => {
  it('carry the shortened prompt, the first image while kept, the engine, the session and the free images used', async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 500,
      reference: `cs_test_usage_${client.userId}`,
      description: 'Top-up',
    });
    const longPrompt = `a lighthouse on a cliff at dusk ${'with waves crashing below '.repeat(6)}`;
    const free = await sendMessage(client, 'a red deer in the snow', { requestReply: true });
    const freeJob = await jobSettled(server, free.reply!.job_id);
    expect(freeJob.status, JSON.stringify(freeJob)).toBe('completed');
    const paid = await sendMessage(client, longPrompt, { requestReply: true });
    const paidJob = await jobSettled(server, paid.reply!.job_id);
    expect(paidJob.status, JSON.stringify(paidJob)).toBe('completed');

    const [paidLine, freeLine] = await usageLines(client);
    expect(freeLine).toMatchObject({
      amount_formatted: '$0.00',
      engine: { kind: 'local' },
      usage: { prompt: 'a red deer in the snow', session_id: free.session_id, free_images: 1 },
    });
    expect(paidLine).toMatchObject({ amount_formatted: '$0.08', usage: { session_id: paid.session_id, free_images: 0 } });
    expect(paidLine!.usage!.prompt).toHaveLength(80);
    expect(paidLine!.usage!.prompt.endsWith('…')).toBe(true);
    expect(longPrompt.startsWith(paidLine!.usage!.prompt.slice(0, -1))).toBe(true);

    // The thumbnail is the reply's own image, and loads for its owner.
    const reply = (await (await client.get(`/api/messages/${free.reply!.reply_message_id}`)).json()) as {
      files: { id: string; thumbnailUrl: string; fileUrl: string }[];
    };
    expect([reply.files[0]!.thumbnailUrl, reply.files[0]!.fileUrl]).toContain(freeLine!.usage!.thumbnail_url);
    expect((await client.get(freeLine!.usage!.thumbnail_url!)).status).toBe(200);

    // Once the image expires the line keeps its words and loses the picture; a deleted session loses its link.
    await server.deps.db.update(userFiles).set({ expiredAt: new Date() }).where(eq(userFiles.id, reply.files[0]!.id));
    expect((await client.request(`/api/sessions/${paid.session_id}`, { method: 'DELETE' })).status).toBe(204);
    const [paidAfter, freeAfter] = await usageLines(client);
    expect(freeAfter!.usage).toMatchObject({ prompt: 'a red deer in the snow', thumbnail_url: null, session_id: free.session_id });
    expect(paidAfter!.usage).toMatchObject({ session_id: null });
  });

  it("never shows another user's request", async () => {
    const [owner, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
    const sent = await sendMessage(owner, 'a secret lighthouse', { requestReply: true });
    await jobSettled(server, sent.reply!.job_id);
    expect(JSON.stringify(await usageLines(other))).not.toContain('secret lighthouse');
    expect((await usageLines(owner))[0]!.usage!.prompt).toBe('a secret lighthouse');
  });
});

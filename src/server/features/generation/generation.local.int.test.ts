import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentJobs, generatedOutputs, ledgerEntries, messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { until } from '@test/server/until';

/**
 * The default local engine through the real API: POST /chat, the job, the ledger. What the engine
 * cannot do ends in a reply that says so and costs the user nothing.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local' });
});
afterAll(async () => {
  await server?.stop();
});

async function balanceOf(client: SignedInClient): Promise<{ availableCents: number; freeGenerationsLeft: number }> {
  return (await (await client.get('/api/stripe/balance')).json()) as { availableCents: number; freeGenerationsLeft: number };
}

async function ask(client: SignedInClient, text: string) {
  const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: text })).json()) as { session_id: string };
  const response = await client.post('/api/chat', { session_id: sent.session_id });
  expect(response.status).toBe(202);
  const accepted = (await response.json()) as { job_id: string; reply_message_id: string; image_count: number };
  const job = await until('the job to settle', async () => {
    const [row] = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.id, accepted.job_id));
    return row?.status === 'completed' || row?.status === 'failed' ? row : undefined;
  });
  const [reply] = await server.deps.db.select().from(messages).where(eq(messages.id, accepted.reply_message_id));
  const entries = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, job.id));
  const outputs = await server.deps.db.select().from(generatedOutputs).where(eq(generatedOutputs.jobId, job.id));
  return { accepted, job, reply: reply!, entries, outputs };
}

describe('the local engine through POST /chat and the ledger', () => {
  it('does not charge for a picture whose subject it cannot draw, and says what it can draw', async () => {
    const client = await signedInUser(server);
    const before = await balanceOf(client);
    const { job, reply, entries, outputs } = await ask(client, 'a giraffe playing the violin');

    expect(job.status).toBe('failed');
    expect(outputs).toHaveLength(0);
    expect(reply.contentText).toContain('cannot draw “giraffe”');
    expect(reply.contentText).toContain('It can draw skies');
    // The charge taken when the request was accepted was given back once: the user is where they started.
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['refund', 'usage']);
    expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(entries.reduce((sum, entry) => sum + entry.freeGenerationsDelta, 0)).toBe(0);
    expect(await balanceOf(client)).toEqual(before);
  });

  it('charges for, and makes, a picture of a subject it can draw', async () => {
    const client = await signedInUser(server);
    const before = await balanceOf(client);
    const { job, outputs, entries } = await ask(client, 'a lighthouse on a cliff at sunset');
    expect(job.status).toBe('completed');
    expect(outputs).toHaveLength(1);
    expect(entries.map((entry) => entry.kind)).toEqual(['usage']);
    expect((await balanceOf(client)).freeGenerationsLeft).toBe(before.freeGenerationsLeft - 1);
  });

  it('quotes one image for each attached photo, and one for photos to be combined', async () => {
    const client = await signedInUser(server);
    const quote = async (text: string, attachments: number) =>
      (await (await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}&attachments=${attachments}`)).json()) as { imageCount: number; priceCents: number; pricePerImageCents: number; freeImages: number };
    expect((await quote('make the shirt red', 2)).imageCount).toBe(2);
    expect((await quote('make the shirt red', 5)).imageCount).toBe(5);
    expect((await quote('combine them into one picture', 3)).imageCount).toBe(1);
  });
});

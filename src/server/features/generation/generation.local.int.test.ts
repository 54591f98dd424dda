import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentJobs, generatedOutputs, ledgerEntries, messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { until } from '@test/server/until';
import { approvedFixture } from '@test/server/masks';
import { approvedUpload } from '@test/server/uploads';

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

async function ask(client: SignedInClient, text: string, { sessionId = 'new', fileIds = [] as string[] } = {}) {
  const sent = (await (await client.post('/api/messages', { session_id: sessionId, content_text: text, file_ids: fileIds })).json()) as {
    session_id: string;
  };
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
  return { accepted, job, reply: reply!, entries, outputs, sessionId: sent.session_id };
}

describe('the local engine through POST /chat and the ledger', () => {
  it('refuses a picture whose subject it cannot draw before any charge: at the quote, and at the send', async () => {
    const client = await signedInUser(server);
    const before = await balanceOf(client);
    const text = 'a giraffe playing the violin';
    const quote = (await (await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}&attachments=0`)).json()) as {
      refusal: unknown;
    };
    expect(quote.refusal).toEqual({ reason: 'cannot-draw', engine: 'local', capableEngines: [], subject: 'giraffe' });

    const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: text })).json()) as { session_id: string };
    const response = await client.post('/api/chat', { session_id: sent.session_id });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; details: { refusal: unknown } };
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.details.refusal).toEqual({ reason: 'cannot-draw', engine: 'local', capableEngines: [], subject: 'giraffe' });
    expect(body.message).toContain('cannot draw “giraffe”');
    // Nothing was charged, so there is nothing to refund.
    const jobs = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.sessionId, sent.session_id));
    expect(jobs).toHaveLength(0);
    expect(await balanceOf(client)).toEqual(before);
  });

  it('quotes a picture whose main subject it draws, with extras it cannot draw left out', async () => {
    const client = await signedInUser(server);
    const quote = (await (
      await client.get(`/api/chat/quote?text=${encodeURIComponent('a cat astronaut on the moon')}&attachments=0`)
    ).json()) as { refusal: unknown; imageCount: number };
    expect(quote).toMatchObject({ refusal: null, imageCount: 1 });
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

  it(
    'edits the photo sent earlier when a follow-up names other text in it, after the first edit found nothing',
    { timeout: 120_000 },
    async () => {
      const client = await signedInUser(server);
      const photo = await approvedUpload(client, 'Landscape_1.jpg');
      const first = await ask(client, 'replace the text "nowhere" with "Iceland"', { fileIds: [photo.id] });
      expect(first.job.status).toBe('failed');
      expect(first.reply.contentText).toContain('There is no “nowhere” in the photo');
      const quote = (await (
        await client.get(
          `/api/chat/quote?text=${encodeURIComponent('change the text "top" to "Iceland"')}&attachments=0&has_previous_output=true`,
        )
      ).json()) as { refusal: unknown; imageCount: number };
      expect(quote).toMatchObject({ refusal: null, imageCount: 1 });
      const followUp = await ask(client, 'change the text "top" to "Iceland"', { sessionId: first.sessionId });
      expect(followUp.accepted).toMatchObject({ plan: { intent: 'edit', sourceImages: 'previous-output' } });
      expect(followUp.job.status).toBe('completed');
      expect(followUp.outputs).toHaveLength(1);
      expect(followUp.reply.contentText).toContain('“top” with “Iceland”');
    },
  );

  it('answers “what can you draw?” with the list of what it draws, in words: no picture, no job, nothing charged', async () => {
    const client = await signedInUser(server);
    const before = await balanceOf(client);
    for (const text of ['What can you draw?', 'Что ты умеешь рисовать?']) {
      const quote = (await (await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}&attachments=0`)).json()) as {
        refusal: unknown;
        imageCount: number;
        priceCents: number;
        free: boolean;
      };
      expect(quote, text).toMatchObject({ refusal: null, imageCount: 0, priceCents: 0, free: true });

      const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: text })).json()) as { session_id: string };
      const response = await client.post('/api/chat', { session_id: sent.session_id });
      expect(response.status, text).toBe(202);
      const accepted = (await response.json()) as {
        job_id: string | null;
        reply_message_id: string;
        price_cents: number;
        image_count: number;
      };
      expect(accepted).toMatchObject({ job_id: null, price_cents: 0, image_count: 0 });
      const [reply] = await server.deps.db.select().from(messages).where(eq(messages.id, accepted.reply_message_id));
      expect(reply).toMatchObject({
        role: 'system',
        processingStatus: 'completed',
        contentCodes: [{ code: 'local.canDraw' }, { code: 'local.canEdit' }],
      });
      expect(reply!.contentText).toContain('It can draw skies');
      // Asked again, the message keeps its one answer.
      const again = (await (await client.post('/api/chat', { session_id: sent.session_id })).json()) as { reply_message_id: string };
      expect(again.reply_message_id).toBe(accepted.reply_message_id);
      expect(await server.deps.db.select().from(agentJobs).where(eq(agentJobs.sessionId, sent.session_id))).toHaveLength(0);
    }
    expect(await balanceOf(client)).toEqual(before);
  });

  it('refuses text to replace when the chat has no picture, saying there is nothing to edit yet, before any charge', async () => {
    const client = await signedInUser(server);
    const before = await balanceOf(client);
    const text = 'replace the text "Hello" with "Goodbye"';
    const refusal = { reason: 'no-picture', engine: 'local', capableEngines: [] };
    const quote = (await (await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}&attachments=0`)).json()) as {
      refusal: unknown;
    };
    expect(quote.refusal).toEqual(refusal);

    const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: text })).json()) as { session_id: string };
    const response = await client.post('/api/chat', { session_id: sent.session_id });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; details: { refusal: unknown } };
    expect(body.details.refusal).toEqual(refusal);
    expect(body.message).toBe('The built-in engine has no picture in this chat to edit yet.');
    expect(body.message).not.toContain('cannot draw');
    expect(await server.deps.db.select().from(agentJobs).where(eq(agentJobs.sessionId, sent.session_id))).toHaveLength(0);
    expect(await balanceOf(client)).toEqual(before);
  });

  it('says no hat was found on a bare head, and the user ends with nothing charged and no picture', { timeout: 120_000 }, async () => {
    const client = await signedInUser(server);
    const before = await balanceOf(client);
    const photo = await approvedFixture(client, 'people/040.jpg');
    const { job, reply, outputs } = await ask(client, 'make the hat red', { fileIds: [photo.id] });
    expect(job.status).toBe('failed');
    expect(outputs).toHaveLength(0);
    expect(reply.contentText).toContain('No hat was found in the photo, so nothing was changed.');
    expect(await balanceOf(client)).toEqual(before);
  });

  it('quotes one image for each attached photo, and one for photos to be combined', async () => {
    const client = await signedInUser(server);
    const quote = async (text: string, attachments: number) =>
      (await (await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}&attachments=${attachments}`)).json()) as {
        imageCount: number;
        priceCents: number;
        pricePerImageCents: number;
        freeImages: number;
      };
    expect((await quote('make the shirt red', 2)).imageCount).toBe(2);
    expect((await quote('make the shirt red', 5)).imageCount).toBe(5);
    expect((await quote('combine them into one picture', 3)).imageCount).toBe(1);
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGES_PER_REQUEST } from '@shared/generation';
import type { DraftQuote } from '@shared/studio';
import { agentJobs, generatedOutputs, messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { creditTopUp } from '../billing/billing.repository';
import { askForReply, expectLedgerMatchesBalance, jobSettled, ledgerOf, replyOf, sendMessage } from '@test/server/generation';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';

/**
 * How many images one message may ask for, through the real API with the default local engine:
 * as many results as the composer takes photos, quoted and charged alike; more than that refused
 * with a clear message before anything is charged or written.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local', PRICE_PER_IMAGE_CENTS: '8', FREE_GENERATIONS: '3' });
});
afterAll(async () => {
  await server?.stop();
});

/** Landscape and portrait camera photos, each with its own EXIF orientation. */
const FIVE_PHOTOS = ['Landscape_1.jpg', 'Portrait_3.jpg', 'Landscape_6.jpg', 'Portrait_8.jpg', 'Portrait_1.jpg'];

async function topUp(client: SignedInClient, cents: number) {
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: cents,
    reference: `cs_test_${client.userId}_${cents}`,
    description: 'Test top-up',
  });
}

async function balanceOf(client: SignedInClient): Promise<{ availableCents: number; freeGenerationsLeft: number }> {
  return (await (await client.get('/api/stripe/balance')).json()) as { availableCents: number; freeGenerationsLeft: number };
}

async function quote(client: SignedInClient, text: string, attachments = 0): Promise<DraftQuote> {
  const response = await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}&attachments=${attachments}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DraftQuote;
}

/** Everything a refused request could have written for this user: messages, jobs, ledger entries. */
async function writtenFor(client: SignedInClient) {
  const [userMessages, jobs, entries] = await Promise.all([
    server.deps.db.select().from(messages).where(eq(messages.userId, client.userId)),
    server.deps.db.select().from(agentJobs).where(eq(agentJobs.userId, client.userId)),
    ledgerOf(server, client.userId),
  ]);
  return { messages: userMessages.length, jobs: jobs.length, ledgerEntries: entries.length };
}

describe('five photos in one message', () => {
  it('give five results, one from each photo, charged as quoted: free images first, then the balance', { timeout: 120_000 }, async () => {
    const client = await signedInUser(server);
    await topUp(client, 100);
    const photos = await Promise.all(FIVE_PHOTOS.map((name) => approvedUpload(client, name)));
    const before = await balanceOf(client);

    const quoted = await quote(client, 'make them black and white', photos.length);
    expect(quoted).toMatchObject({ imageCount: 5, freeImages: 3, paidImages: 2, priceCents: 16, refusal: null });

    const sent = await sendMessage(client, 'make them black and white', { fileIds: photos.map((photo) => photo.id), requestReply: true });
    expect(sent.reply).toMatchObject({ image_count: quoted.imageCount, price_cents: quoted.priceCents });
    const job = await jobSettled(server, sent.reply!.job_id, 90_000);
    expect(job).toMatchObject({ status: 'completed', imageCount: 5, priceCents: 16, freeImagesUsed: 3 });

    const outputs = await server.deps.db.select().from(generatedOutputs).where(eq(generatedOutputs.jobId, job.id));
    expect(outputs).toHaveLength(5);
    const reply = await replyOf(client, sent.reply!.reply_message_id);
    const results = reply.files.filter((file) => file.isGenerated);
    expect(results).toHaveLength(5);
    // One result per photo, in the order the message shows its photos: each keeps its photo's (upright) shape, in greys.
    const shown = ((await (await client.get(`/api/messages/${sent.message.id}`)).json()) as { files: { id: string }[] }).files.map((file) =>
      photos.find((photo) => photo.id === file.id)!,
    );
    expect(shown).toHaveLength(5);
    const shapes = await Promise.all(
      results.map(async (file) => {
        const image = sharp(Buffer.from(await (await client.get(file.fileUrl)).arrayBuffer()));
        const { width = 0, height = 0 } = await image.metadata();
        const { channels } = await image.stats();
        const greys =
          channels.length >= 3 &&
          Math.abs(channels[0]!.mean - channels[1]!.mean) < 3 &&
          Math.abs(channels[1]!.mean - channels[2]!.mean) < 3;
        return { landscape: width > height, greys };
      }),
    );
    expect(shapes).toEqual(shown.map((photo) => ({ landscape: photo.width! > photo.height!, greys: true })));

    // Charged once, exactly the quote: three free images and 16 cents.
    const usage = (await ledgerOf(server, client.userId)).filter((entry) => entry.kind === 'usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ reference: job.id, amountCents: -quoted.priceCents, freeGenerationsDelta: -quoted.freeImages });
    expect(await balanceOf(client)).toMatchObject({
      availableCents: before.availableCents - quoted.priceCents,
      freeGenerationsLeft: before.freeGenerationsLeft - quoted.freeImages,
    });
    await expectLedgerMatchesBalance(server, client.userId);
  });
});

describe('a request for more images than one message can make', () => {
  const REFUSAL_TEXT =
    /^This request asks for \d+ images, but one message can make at most 5\. Ask for fewer versions or send fewer photos\.$/;

  it.each([
    ['make 10 versions of a mountain lake', 10],
    ['сделай 8 вариантов заката', 8],
    ['ten pictures of the sea', 10],
  ])('is refused at the quote and at the send, before anything is charged: %j', async (text, requested) => {
    const client = await signedInUser(server);
    await topUp(client, 500);
    const before = await balanceOf(client);
    const written = await writtenFor(client);

    const quoted = await quote(client, text);
    expect(quoted.refusal).toEqual({ reason: 'TOO_MANY_IMAGES', requested_images: requested, max_images: MAX_IMAGES_PER_REQUEST });
    expect(quoted).toMatchObject({ imageCount: requested, priceCents: 0, freeImages: 0, paidImages: 0, free: false });

    const response = await client.post('/api/messages', { session_id: 'new', content_text: text, request_reply: true });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; details: Record<string, unknown> };
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { reason: 'TOO_MANY_IMAGES', requested_images: requested, max_images: MAX_IMAGES_PER_REQUEST },
    });
    expect(body.message).toMatch(REFUSAL_TEXT);
    // Nothing written: no session, message, job or ledger entry; the balance as it was.
    expect(await writtenFor(client)).toEqual(written);
    expect(written).toMatchObject({ messages: 0, jobs: 0 });
    expect((await (await client.get('/api/sessions')).json()) as { sessions: unknown[] }).toMatchObject({ sessions: [] });
    expect(await balanceOf(client)).toEqual(before);
  });

  it(
    'is refused for five photos with two versions of each, also when the reply is asked for afterwards (POST /api/chat)',
    { timeout: 120_000 },
    async () => {
      const client = await signedInUser(server);
      await topUp(client, 500);
      const photos = await Promise.all(FIVE_PHOTOS.map((name) => approvedUpload(client, name)));
      const text = 'two versions of each in sepia';
      const fileIds = photos.map((photo) => photo.id);
      const written = await writtenFor(client);
      expect((await quote(client, text, photos.length)).refusal).toEqual({
        reason: 'TOO_MANY_IMAGES',
        requested_images: 10,
        max_images: MAX_IMAGES_PER_REQUEST,
      });

      const refused = await client.post('/api/messages', { session_id: 'new', content_text: text, file_ids: fileIds, request_reply: true });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { requested_images: 10 } });
      expect(await writtenFor(client)).toEqual(written);

      // A message stored without its reply, answered later: the same refusal, and still no charge.
      const stored = await sendMessage(client, text, { fileIds });
      const before = await balanceOf(client);
      const { status, body } = await askForReply(client, stored.session_id);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(REFUSAL_TEXT) });
      expect(await writtenFor(client)).toEqual({ ...written, messages: 1 });
      expect(await balanceOf(client)).toEqual(before);
    },
  );

  it('is answered in full at the limit itself: five versions of one picture', { timeout: 120_000 }, async () => {
    const client = await signedInUser(server);
    await topUp(client, 100);
    const quoted = await quote(client, 'make 5 versions of a mountain lake');
    expect(quoted).toMatchObject({ imageCount: 5, freeImages: 3, priceCents: 16, refusal: null });
    const sent = await sendMessage(client, 'make 5 versions of a mountain lake', { requestReply: true });
    const job = await jobSettled(server, sent.reply!.job_id, 90_000);
    expect(job.status).toBe('completed');
    expect((await replyOf(client, sent.reply!.reply_message_id)).files.filter((file) => file.isGenerated)).toHaveLength(5);
  });
});

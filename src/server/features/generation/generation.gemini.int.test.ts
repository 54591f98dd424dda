import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentJobs, ledgerEntries } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { startFakeGemini } from '@test/server/fake-gemini-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';
import { creditTopUp } from '../billing/billing.repository';

/** IMAGE_ENGINE=gemini: @google/genai talking to a local server that speaks generateContent. */
let gemini: Awaited<ReturnType<typeof startFakeGemini>>;
let server: RunningServer;
let nextPlan: Record<string, unknown>;

beforeAll(async () => {
  gemini = await startFakeGemini();
  gemini.onText((request) => {
    const isReview = request.body.contents[0]!.parts.some((part) => part.inlineData);
    return isReview
      ? { approved: true, reason: null, suggestions: [{ title: 'Cartoon', description: 'Turn it into a cartoon.' }] }
      : nextPlan;
  });
  server = await startTestServer(
    { IMAGE_ENGINE: 'gemini', GEMINI_API_KEY: 'gemini-test-key', GEMINI_BASE_URL: gemini.baseUrl, FREE_GENERATIONS: '3' },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await gemini?.close();
});
beforeEach(() => {
  gemini.reset();
  nextPlan = { intent: 'generate', sourceImages: 'none', instruction: 'A cat in space', imageCount: 1, aspectRatio: '1:1', style: null };
});

async function run(client: SignedInClient, text: string, fileIds: string[] = []) {
  const sent = (await (await client.post('/api/messages', { session_id: 'new', content_text: text, file_ids: fileIds })).json()) as {
    session_id: string;
  };
  const accepted = (await (await client.post('/api/chat', { session_id: sent.session_id })).json()) as {
    job_id: string;
    reply_message_id: string;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [job] = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.id, accepted.job_id));
    if (job?.status === 'completed' || job?.status === 'failed') return { job, accepted };
    if (Date.now() > deadline) throw new Error('job did not settle');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('generation with the Gemini engine', () => {
  it('generates from text with the configured image model, asking for images in the chosen shape', async () => {
    const client = await signedInUser(server);
    const { job } = await run(client, 'a cat in space, square');
    expect(job.status).toBe('completed');
    const imageCall = gemini.received.find((r) => r.model === 'gemini-3.1-flash-image');
    expect(imageCall?.apiKey).toBe('gemini-test-key');
    expect(imageCall?.body.contents[0]!.parts).toEqual([{ text: 'A cat in space' }]);
    expect(imageCall?.body.generationConfig).toMatchObject({ responseModalities: ['IMAGE', 'TEXT'], imageConfig: { aspectRatio: '1:1' } });
    // The plan came from the text model with a JSON schema.
    const planCall = gemini.received.find((r) => r.model === 'gemini-3.8-flash' && !r.body.contents[0]!.parts.some((p) => p.inlineData));
    expect(planCall?.body.generationConfig).toMatchObject({ responseMimeType: 'application/json' });
  });

  it('edits with the photo inline next to the instruction', async () => {
    const client = await signedInUser(server);
    const photo = await approvedUpload(client, 'Portrait_3.jpg');
    nextPlan = {
      intent: 'edit',
      sourceImages: 'attachments',
      instruction: 'Turn it into a cartoon',
      imageCount: 1,
      aspectRatio: 'unchanged',
      style: 'cartoon',
    };
    const { job } = await run(client, 'turn it into a cartoon', [photo.id]);
    expect(job.status).toBe('completed');
    const imageCall = gemini.received.find((r) => r.model === 'gemini-3.1-flash-image');
    const parts = imageCall!.body.contents[0]!.parts;
    expect(parts[0]).toEqual({ text: 'Turn it into a cartoon' });
    expect(parts[1]!.inlineData!.mimeType).toBe('image/jpeg');
    expect(Buffer.from(parts[1]!.inlineData!.data, 'base64').length).toBeGreaterThan(1000);
  });

  it('edits each of five photos in a request of its own for a per-photo request: five results, charged as quoted', async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 100,
      reference: `cs_test_${client.userId}`,
      description: 'Test top-up',
    });
    const photos = await Promise.all(
      ['Landscape_1.jpg', 'Portrait_3.jpg', 'Landscape_6.jpg', 'Portrait_8.jpg', 'Portrait_1.jpg'].map((name) =>
        approvedUpload(client, name),
      ),
    );
    const text = 'make them black and white';
    const quote = (await (await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}&attachments=5`)).json()) as Record<
      string,
      unknown
    >;
    expect(quote).toMatchObject({ imageCount: 5, freeImages: 3, paidImages: 2, priceCents: 16, refusal: null });
    nextPlan = {
      intent: 'edit',
      sourceImages: 'attachments',
      instruction: 'Make the photo black and white',
      imageCount: 5,
      aspectRatio: 'unchanged',
      style: null,
    };
    gemini.reset();

    const { job, accepted } = await run(
      client,
      text,
      photos.map((photo) => photo.id),
    );
    expect(job).toMatchObject({ status: 'completed', imageCount: 5, priceCents: 16, freeImagesUsed: 3 });
    // Five image requests, each with the instruction and one of the photos.
    const imageCalls = gemini.received.filter((r) => r.model === 'gemini-3.1-flash-image');
    expect(imageCalls).toHaveLength(5);
    const inline = imageCalls.map((call) => call.body.contents[0]!.parts.filter((part) => part.inlineData));
    expect(inline.every((parts) => parts.length === 1)).toBe(true);
    expect(inline.map((parts) => Buffer.from(parts[0]!.inlineData!.data, 'base64').length).sort()).toEqual(
      photos.map((photo) => photo.file_size_bytes).sort(),
    );
    const reply = (await (await client.get(`/api/messages/${accepted.reply_message_id}`)).json()) as { files: { isGenerated: boolean }[] };
    expect(reply.files.filter((file) => file.isGenerated)).toHaveLength(5);
    const usage = (await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, job.id))).filter(
      (entry) => entry.kind === 'usage',
    );
    expect(usage.map((entry) => [entry.amountCents, entry.freeGenerationsDelta])).toEqual([[-16, -3]]);
  });

  it('treats a safety stop as a refusal: no retry, one refund', async () => {
    const client = await signedInUser(server);
    nextPlan = {
      intent: 'generate',
      sourceImages: 'none',
      instruction: 'Something unsafe',
      imageCount: 1,
      aspectRatio: 'unchanged',
      style: null,
    };
    // First generateContent is the plan (default answer), the second the image: blocked.
    gemini.script(
      { status: 200 },
      { status: 200, body: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY' }] } },
    );
    const { job } = await run(client, 'something unsafe');
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
    const refunds = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, job.id));
    expect(refunds.map((e) => e.kind).sort()).toEqual(['refund', 'usage']);
  });

  it.each(['NO_IMAGE', 'IMAGE_OTHER', 'IMAGE_RECITATION', 'RECITATION'])(
    'ends a %s answer as refused: not retried, refunded',
    async (finishReason) => {
      const client = await signedInUser(server);
      gemini.script(
        { status: 200 },
        { status: 200, body: { candidates: [{ content: { role: 'model', parts: [{ text: 'I cannot draw that.' }] }, finishReason }] } },
      );
      const { job, accepted } = await run(client, 'a picture it will not make');
      expect(job.status).toBe('failed');
      expect(job.attempts).toBe(1);
      expect(gemini.received.filter((r) => r.model === 'gemini-3.1-flash-image')).toHaveLength(1);
      const entries = await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, job.id));
      expect(entries.map((e) => e.kind).sort()).toEqual(['refund', 'usage']);
      const reply = (await (await client.get(`/api/messages/${accepted.reply_message_id}`)).json()) as {
        contentText: string;
        processing_status: string;
      };
      expect(reply.processing_status).toBe('error');
      expect(reply.contentText).toMatch(/^The image service (did not make|declined).*The charge was refunded \(1 free image returned\)\.$/);
    },
  );

  it('asks for the nearest aspect ratio Gemini supports and crops the picture to the one asked for', async () => {
    const client = await signedInUser(server);
    // An Instagram post, 4:5: not in ImageConfig's list.
    nextPlan = { intent: 'generate', sourceImages: 'none', instruction: 'A cat in space', imageCount: 1, aspectRatio: '4:5', style: null };
    const { job, accepted } = await run(client, 'a cat in space for instagram');
    expect(job.status).toBe('completed');
    expect(gemini.received.find((r) => r.model === 'gemini-3.1-flash-image')?.body.generationConfig).toMatchObject({
      imageConfig: { aspectRatio: '3:4' },
    });
    const { width, height } = await imageSizeOf(client, accepted.reply_message_id);
    expect(width / height).toBeCloseTo(4 / 5, 2);
  });

  it('never stores a thought part as the result', async () => {
    const client = await signedInUser(server);
    const draft = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 250, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const final = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 0, b: 250 } } })
      .png()
      .toBuffer();
    const inline = (png: Buffer) => ({ mimeType: 'image/png', data: png.toString('base64') });
    gemini.script(
      { status: 200 },
      {
        status: 200,
        body: {
          candidates: [
            {
              content: {
                role: 'model',
                parts: [
                  { text: 'Sketching first.', thought: true },
                  { inlineData: inline(draft), thought: true },
                  { text: 'Here it is.' },
                  { inlineData: inline(final) },
                ],
              },
              finishReason: 'STOP',
            },
          ],
        },
      },
    );
    const { job, accepted } = await run(client, 'a blue square');
    expect(job.status).toBe('completed');
    const message = (await (await client.get(`/api/messages/${accepted.reply_message_id}`)).json()) as { files: { fileUrl: string }[] };
    expect(message.files).toHaveLength(1);
    const stored = await client.get(message.files[0]!.fileUrl);
    const { dominant } = await sharp(Buffer.from(await stored.arrayBuffer())).stats();
    expect(dominant.b).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(50);
  });
});

async function imageSizeOf(client: SignedInClient, messageId: string) {
  const message = (await (await client.get(`/api/messages/${messageId}`)).json()) as { files: { fileUrl: string }[] };
  const image = await client.get(message.files[0]!.fileUrl);
  const { width = 0, height = 0 } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
  return { width, height };
}

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentJobs, generatedOutputs, messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { ChatRefusal, startFakeOpenAi } from '@test/server/fake-openai-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { creditTopUp } from '../billing/billing.repository';
import { approvedUpload, uploadFixture, verdictOf } from '@test/server/uploads';
import { askForReply, expectRefundedOnce, jobSettled, ledgerOf, replyOf, sendMessage } from '@test/server/generation';

/**
 * POST /chat → plan → charge → job → engine → outputs, with IMAGE_ENGINE=openai and the official
 * SDK talking to a local server that speaks OpenAI's API.
 */
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: RunningServer;
let nextPlan: Record<string, unknown> | ChatRefusal;
let nextReview: Record<string, unknown> | ChatRefusal;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.onChat((request) => {
    const format = request.response_format as { json_schema?: { name?: string } } | undefined;
    return format?.json_schema?.name === 'upload_review' ? nextReview : nextPlan;
  });
  server = await startTestServer(
    {
      IMAGE_ENGINE: 'openai',
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: 'sk-test',
      PRICE_PER_IMAGE_CENTS: '8',
      FREE_GENERATIONS: '1',
    },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await openai?.close();
});
beforeEach(() => {
  openai.reset();
  nextPlan = {
    intent: 'generate',
    sourceImages: 'none',
    instruction: 'A lighthouse at sunset',
    imageCount: 1,
    aspectRatio: '16:9',
    style: null,
  };
  nextReview = { approved: true, reason: null, suggestions: [{ title: 'Make it red', description: 'Change the main colour to red.' }] };
});

/** A paid top-up, as the billing fulfilment would post it. */
async function topUp(client: SignedInClient, cents: number) {
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: cents,
    reference: `cs_test_${client.userId}_${cents}`,
    description: 'Test top-up',
  });
}

describe('generation with the OpenAI engine', () => {
  it('plans with structured output, generates with the configured model and size, stores the image and charges once', async () => {
    const client = await signedInUser(server);
    const sessionId = (await sendMessage(client, 'Draw a lighthouse at sunset, widescreen')).session_id;
    const { status, body } = await askForReply(client, sessionId);
    expect(status).toBe(202);
    expect(body.free_images_used).toBe(1);

    const job = await jobSettled(server, body.job_id);
    expect(job.status).toBe('completed');
    const plan = openai.received.find((r) => r.path === '/chat/completions');
    expect(plan?.json).toMatchObject({
      model: 'gpt-5.4-mini',
      response_format: { type: 'json_schema', json_schema: { name: 'reply_plan', strict: true } },
    });
    const generation = openai.received.find((r) => r.path === '/images/generations');
    expect(generation?.json).toEqual(
      expect.objectContaining({ model: 'gpt-image-2.5-flare', prompt: 'A lighthouse at sunset', n: 1, size: '1536x1024' }),
    );

    const reply = await replyOf(client, body.reply_message_id);
    expect(reply.processing_status).toBe('completed');
    expect(reply.files).toHaveLength(1);
    expect(reply.files[0]!.isGenerated).toBe(true);
    // Cropped to exactly 16:9 from the model's 1536×1024.
    const image = await fetch(`${server.url}${reply.files[0]!.fileUrl}`);
    expect(image.status).toBe(200);
    const sharp = (await import('sharp')).default;
    const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(width! / height!).toBeCloseTo(16 / 9, 2);

    const usage = (await ledgerOf(server, client.userId)).filter((e) => e.kind === 'usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ reference: body.job_id, freeGenerationsDelta: -1, amountCents: 0 });
  });

  it("titles the session by the planner's title for its first request, unless the user renamed it meanwhile", async () => {
    const client = await signedInUser(server);
    await topUp(client, 100);
    const nameOf = async (sessionId: string) =>
      ((await (await client.get(`/api/sessions/${sessionId}`)).json()) as { session_name: string | null }).session_name;
    nextPlan = { ...(nextPlan as Record<string, unknown>), title: 'Lighthouse at dusk.' };

    const first = await sendMessage(client, 'Draw a lighthouse at sunset, widescreen');
    // The first words name it at once; the planner's title replaces them when the job plans.
    expect(await nameOf(first.session_id)).toBe('Draw a lighthouse at sunset, widescreen');
    expect((await jobSettled(server, (await askForReply(client, first.session_id)).body.job_id)).status).toBe('completed');
    expect(await nameOf(first.session_id)).toBe('Lighthouse at dusk');

    // A follow-up's title does not rename the session.
    nextPlan = { ...(nextPlan as Record<string, unknown>), title: 'Something else' };
    await sendMessage(client, 'now make it darker', { sessionId: first.session_id });
    expect((await jobSettled(server, (await askForReply(client, first.session_id)).body.job_id)).status).toBe('completed');
    expect(await nameOf(first.session_id)).toBe('Lighthouse at dusk');

    // Renamed before the job planned: the user's name stays.
    const second = await sendMessage(client, 'A castle in the fog');
    expect(
      (await client.request(`/api/sessions/${second.session_id}`, { method: 'PATCH', json: { session_name: 'My castle' } })).status,
    ).toBe(200);
    expect((await jobSettled(server, (await askForReply(client, second.session_id)).body.job_id)).status).toBe('completed');
    expect(await nameOf(second.session_id)).toBe('My castle');
  });

  it('edits the attached photos as multipart image[] with the prompt, model and size', async () => {
    const client = await signedInUser(server);
    await topUp(client, 100);
    const first = await approvedUpload(client, 'Landscape_1.jpg');
    const second = await approvedUpload(client, 'Portrait_1.jpg');
    nextPlan = {
      intent: 'edit',
      sourceImages: 'attachments',
      instruction: 'Put both on a beach',
      imageCount: 2,
      aspectRatio: 'unchanged',
      style: null,
    };
    const sessionId = (await sendMessage(client, 'put both of us on a beach, two versions', { fileIds: [first.id, second.id] })).session_id;
    const { status, body } = await askForReply(client, sessionId);
    expect(status).toBe(202);
    // One free image, one paid from the balance.
    expect(body).toMatchObject({ free_images_used: 1, price_cents: 8 });
    expect((await jobSettled(server, body.job_id)).status).toBe('completed');

    const edit = openai.received.find((r) => r.path === '/images/edits');
    expect(edit?.contentType).toContain('multipart/form-data');
    const images = edit!.fields!.filter((f) => f.name === 'image[]' || f.name === 'image');
    expect(images).toHaveLength(2);
    expect(images.every((f) => (f.size ?? 0) > 1000)).toBe(true);
    expect(Object.fromEntries(edit!.fields!.filter((f) => f.value !== undefined).map((f) => [f.name, f.value]))).toMatchObject({
      model: 'gpt-image-2.5-flare',
      prompt: 'Put both on a beach',
      n: '2',
      size: 'auto',
    });
    expect((await replyOf(client, body.reply_message_id)).files.filter((f) => f.isGenerated)).toHaveLength(2);
  });

  it('edits each of five photos in a call of its own for a per-photo request: five results, charged as quoted', async () => {
    const client = await signedInUser(server);
    await topUp(client, 100);
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
    expect(quote).toMatchObject({ imageCount: 5, freeImages: 1, paidImages: 4, priceCents: 32, refusal: null });
    nextPlan = {
      intent: 'edit',
      sourceImages: 'attachments',
      instruction: 'Make the photo black and white',
      imageCount: 5,
      aspectRatio: 'unchanged',
      style: null,
    };

    const sent = await sendMessage(client, text, { fileIds: photos.map((photo) => photo.id), requestReply: true });
    expect(sent.reply).toMatchObject({ image_count: 5, price_cents: 32 });
    expect((await jobSettled(server, sent.reply!.job_id)).status).toBe('completed');

    // Five calls, each with one of the photos and n=1 (the model given all five would make pictures of them together).
    const edits = openai.received.filter((r) => r.path === '/images/edits');
    expect(edits).toHaveLength(5);
    const calls = edits.map((edit) => ({
      images: edit.fields!.filter((f) => f.name === 'image[]' || f.name === 'image').map((f) => f.size),
      n: edit.fields!.find((f) => f.name === 'n')?.value,
    }));
    expect(calls.every((call) => call.images.length === 1 && call.n === '1')).toBe(true);
    expect(calls.map((call) => call.images[0]).sort()).toEqual(photos.map((photo) => photo.file_size_bytes).sort());
    expect((await replyOf(client, sent.reply!.reply_message_id)).files.filter((f) => f.isGenerated)).toHaveLength(5);
    const usage = (await ledgerOf(server, client.userId)).filter((e) => e.kind === 'usage');
    expect(usage.map((e) => [e.amountCents, e.freeGenerationsDelta])).toEqual([[-32, -1]]);
  });

  it('edits the previous output when a follow-up says "now make it darker"', async () => {
    const client = await signedInUser(server);
    await topUp(client, 100);
    const sessionId = (await sendMessage(client, 'a red car')).session_id;
    const firstJob = (await askForReply(client, sessionId)).body;
    await jobSettled(server, firstJob.job_id);
    const [firstOutput] = await server.deps.db.select().from(generatedOutputs).where(eq(generatedOutputs.jobId, firstJob.job_id));

    nextPlan = {
      intent: 'edit',
      sourceImages: 'previous-output',
      instruction: 'Make it darker',
      imageCount: 1,
      aspectRatio: 'unchanged',
      style: null,
    };
    await sendMessage(client, 'now make it darker', { sessionId });
    const second = (await askForReply(client, sessionId)).body;
    expect((await jobSettled(server, second.job_id)).status).toBe('completed');
    const edits = openai.received.filter((r) => r.path === '/images/edits');
    expect(edits).toHaveLength(1);
    const [followUp] = await server.deps.db
      .select()
      .from(messages)
      .where(eq(messages.id, (await server.deps.db.select().from(agentJobs).where(eq(agentJobs.id, second.job_id)))[0]!.messageId));
    expect(followUp!.contextReferences).toEqual({
      sourceImages: 'previous-output',
      fileIds: [firstOutput!.fileId],
      attachmentIds: [],
      previousOutputId: firstOutput!.fileId,
    });
  });

  it('retries a 429 and then succeeds: one output, one charge', async () => {
    const client = await signedInUser(server);
    openai.script('/images/generations', { status: 429, body: { error: { message: 'Rate limit reached', type: 'requests' } } });
    const sessionId = (await sendMessage(client, 'a mountain lake')).session_id;
    const { body } = await askForReply(client, sessionId);
    const job = await jobSettled(server, body.job_id);
    expect(job.status).toBe('completed');
    expect(job.attempts).toBe(2);
    expect(openai.received.filter((r) => r.path === '/images/generations')).toHaveLength(2);
    expect(await server.deps.db.select().from(generatedOutputs).where(eq(generatedOutputs.jobId, body.job_id))).toHaveLength(1);
    const entries = await ledgerOf(server, client.userId);
    expect(entries.filter((e) => e.kind === 'usage')).toHaveLength(1);
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(0);
  });

  it('gives up after three 500s: one refund entry and a reply that says so', async () => {
    const client = await signedInUser(server);
    const failure = { status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } };
    openai.script('/images/generations', failure, failure, failure);
    const sessionId = (await sendMessage(client, 'a city at night')).session_id;
    const { body } = await askForReply(client, sessionId);
    const job = await jobSettled(server, body.job_id);
    expect(job.status).toBe('failed');
    expect(openai.received.filter((r) => r.path === '/images/generations')).toHaveLength(3);
    const refunds = (await ledgerOf(server, client.userId)).filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ reference: body.job_id, freeGenerationsDelta: 1 });
    const reply = await replyOf(client, body.reply_message_id);
    expect(reply.processing_status).toBe('error');
    expect(reply.contentText).toMatch(/could not be made.*The charge was refunded \(1 free image returned\)\./);
    expect(reply.files).toHaveLength(0);
  });

  it('does not retry a content-policy refusal, and refunds it', async () => {
    const client = await signedInUser(server);
    openai.script('/images/generations', {
      status: 400,
      body: {
        error: {
          message: 'Your request was rejected by the safety system.',
          type: 'image_generation_user_error',
          code: 'moderation_blocked',
        },
      },
    });
    const sessionId = (await sendMessage(client, 'something not allowed')).session_id;
    const { body } = await askForReply(client, sessionId);
    const job = await jobSettled(server, body.job_id);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(openai.received.filter((r) => r.path === '/images/generations')).toHaveLength(1);
    expect((await ledgerOf(server, client.userId)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect((await replyOf(client, body.reply_message_id)).contentText).toMatch(/content policy.*refunded/);
  });

  it('takes a structured-output refusal as a refusal: not retried, refunded, the refusal text shown', async () => {
    const client = await signedInUser(server);
    nextPlan = new ChatRefusal("I'm sorry, but I can't help with that request.");
    const sessionId = (await sendMessage(client, 'something the model will not plan')).session_id;
    const { body } = await askForReply(client, sessionId);
    const { job, reply } = await expectRefundedOnce(server, client, {
      jobId: body.job_id,
      replyMessageId: body.reply_message_id,
      sessionId,
    });
    expect(job.attempts).toBe(1);
    expect(openai.received.filter((r) => r.path === '/chat/completions')).toHaveLength(1);
    expect(openai.received.filter((r) => r.path.startsWith('/images/'))).toHaveLength(0);
    expect(reply.contentText).toBe("I'm sorry, but I can't help with that request. The charge was refunded (1 free image returned).");
  });

  it('takes a refusal to review an upload as its verdict: rejected at once, not retried', async () => {
    const client = await signedInUser(server);
    nextReview = new ChatRefusal("I can't review this image.");
    const file = await verdictOf(client, (await uploadFixture(client)).id);
    expect(file.verified_enum).toBe('rejected');
    expect(openai.received.filter((r) => r.path === '/chat/completions')).toHaveLength(1);
  });

  it('answers 402 INSUFFICIENT_BALANCE and writes nothing when the account cannot pay', async () => {
    const client = await signedInUser(server);
    // The one free image goes first...
    const sessionId = (await sendMessage(client, 'first picture')).session_id;
    await jobSettled(server, (await askForReply(client, sessionId)).body.job_id);
    // ...then the balance is empty.
    await sendMessage(client, 'second picture', { sessionId });
    const before = await ledgerOf(server, client.userId);
    const { status, body } = await askForReply(client, sessionId);
    expect(status).toBe(402);
    expect(body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient credits' });
    expect(await ledgerOf(server, client.userId)).toHaveLength(before.length);
    const jobs = await server.deps.db
      .select()
      .from(agentJobs)
      .where(and(eq(agentJobs.userId, client.userId)));
    expect(jobs).toHaveLength(1);
  });

  it('answers a repeated POST /chat for the same message with the same job, charging once', async () => {
    const client = await signedInUser(server);
    const sessionId = (await sendMessage(client, 'a quiet forest')).session_id;
    const [a, b] = await Promise.all([askForReply(client, sessionId), askForReply(client, sessionId)]);
    expect(a.body.job_id).toBe(b.body.job_id);
    await jobSettled(server, a.body.job_id);
    expect((await ledgerOf(server, client.userId)).filter((e) => e.kind === 'usage')).toHaveLength(1);
  });

  it("refuses another user's session with 404", async () => {
    const owner = await signedInUser(server);
    const stranger = await signedInUser(server);
    const sessionId = (await sendMessage(owner, 'mine')).session_id;
    const { status } = await askForReply(stranger, sessionId);
    expect(status).toBe(404);
  });

  it('charges what the quote showed, even when the hosted model plans more images', async () => {
    const client = await signedInUser(server);
    await topUp(client, 100);
    const text = 'two versions of a lighthouse at night';
    const quote = (await (await client.get(`/api/chat/quote?text=${encodeURIComponent(text)}`)).json()) as {
      imageCount: number;
      priceCents: number;
      freeImages: number;
    };
    expect(quote).toMatchObject({ imageCount: 2, freeImages: 1, priceCents: 8 });
    // The hosted model asks for four.
    nextPlan = {
      intent: 'generate',
      sourceImages: 'none',
      instruction: 'A lighthouse at night',
      imageCount: 4,
      aspectRatio: '1:1',
      style: null,
    };

    const sessionId = (await sendMessage(client, text)).session_id;
    const { body } = await askForReply(client, sessionId);
    expect(body).toMatchObject({ image_count: quote.imageCount, price_cents: quote.priceCents, free_images_used: quote.freeImages });
    expect((await jobSettled(server, body.job_id)).status).toBe('completed');
    expect(openai.received.find((r) => r.path === '/images/generations')?.json).toMatchObject({ n: 2, prompt: 'A lighthouse at night' });
    const usage = (await ledgerOf(server, client.userId)).filter((e) => e.kind === 'usage');
    expect(usage.map((e) => [e.amountCents, e.freeGenerationsDelta])).toEqual([[-quote.priceCents, -quote.freeImages]]);
    expect((await replyOf(client, body.reply_message_id)).files).toHaveLength(2);
  });

  it('quotes a draft before sending: free while free images last, then the price', async () => {
    const client = await signedInUser(server);
    const free = (await (await client.get('/api/chat/quote?text=two%20versions%20of%20a%20cat')).json()) as Record<string, unknown>;
    expect(free).toMatchObject({ imageCount: 2, freeImages: 1, paidImages: 1, priceCents: 8, free: false, freeGenerationsLeft: 1 });
    const one = (await (await client.get('/api/chat/quote?text=a%20cat')).json()) as Record<string, unknown>;
    expect(one).toMatchObject({ imageCount: 1, freeImages: 1, priceCents: 0, free: true });
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { agentJobs } from '../../db/schema';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';
import { expectRefundedOnce, jobSettled, ledgerOf, replyOf } from '@test/server/generation';
import { creditTopUp } from '../billing/billing.repository';

/**
 * Generation through the operator's ComfyUI (IMAGE_ENGINES=comfyui,local, the shipped workflows)
 * against the strict local ComfyUI: paid at ComfyUI's price, the photo uploaded to ComfyUI, the
 * engine and model named on the reply and in the usage history, and every failure settled once.
 */
let comfy: FakeComfyUi;
let server: RunningServer;

beforeAll(async () => {
  comfy = await startFakeComfyUi({ stepMs: 1 });
  server = await startTestServer(
    {
      IMAGE_ENGINES: 'comfyui,local',
      COMFYUI_URL: comfy.url,
      PRICE_PER_IMAGE_CENTS: '8',
      PRICE_PER_IMAGE_CENTS_COMFYUI: '5',
      FREE_GENERATIONS: '0',
      GENERATION_TIMEOUT_SECONDS: '4',
    },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await comfy?.close();
});
beforeEach(() => comfy.reset());

async function payingUser(cents = 500): Promise<SignedInClient> {
  const client = await signedInUser(server);
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: cents,
    reference: `cs_test_${client.userId}`,
    description: 'Test top-up',
  });
  return client;
}

async function send(
  client: SignedInClient,
  text: string,
  options: { fileIds?: string[]; sessionId?: string; engine?: string; aspect_ratio?: string; image_count?: number } = {},
) {
  const { fileIds, sessionId, ...choice } = options;
  const response = await client.post('/api/messages', {
    session_id: sessionId ?? 'new',
    content_text: text,
    file_ids: fileIds ?? [],
    request_reply: true,
    ...choice,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      session_id: string;
      message: { id: string };
      reply: { job_id: string; reply_message_id: string; price_cents: number } | null;
      code?: string;
      details?: unknown;
    },
  };
}

describe('generation with the ComfyUI engine', () => {
  it('makes a new picture with the text-to-image workflow, charged at ComfyUI’s price and named on the reply and in the usage history', async () => {
    const client = await payingUser();
    const { status, body } = await send(client, 'a lighthouse at dusk, two versions');
    expect(status).toBe(201);
    expect(body.reply!.price_cents).toBe(10);
    const job = await jobSettled(server, body.reply!.job_id);
    expect(job).toMatchObject({ status: 'completed', engine: 'comfyui', engineModel: 'FLUX.1 [schnell]' });
    expect(comfy.prompts).toHaveLength(1);
    expect(comfy.prompts[0]!.prompt['6']!.inputs).toMatchObject({ text: 'a lighthouse at dusk, two versions' });
    expect(comfy.prompts[0]!.prompt['5']!.inputs).toMatchObject({ batch_size: 2 });

    const reply = await replyOf(client, body.reply!.reply_message_id);
    expect(reply.contentText).toBe('Made with FLUX.1 [schnell] on ComfyUI.');
    expect(reply.files).toHaveLength(2);
    const message = (await (await client.get(`/api/messages/${body.reply!.reply_message_id}`)).json()) as {
      engine: unknown;
      files: Array<{ engine: unknown }>;
    };
    expect(message.engine).toEqual({ kind: 'comfyui', model: 'FLUX.1 [schnell]' });
    expect(message.files.map((file) => file.engine)).toEqual([
      { kind: 'comfyui', model: 'FLUX.1 [schnell]' },
      { kind: 'comfyui', model: 'FLUX.1 [schnell]' },
    ]);
    const history = (await (await client.get('/api/stripe/transaction-history/withdrawals')).json()) as {
      data: Array<{ type: string; amount_formatted: string; engine: unknown }>;
    };
    expect(history.data).toEqual([
      expect.objectContaining({ type: 'usage', amount_formatted: '$0.10', engine: { kind: 'comfyui', model: 'FLUX.1 [schnell]' } }),
    ]);
  });

  it('edits an uploaded photo: uploads it to ComfyUI and gives it to the edit workflow', async () => {
    const client = await payingUser();
    const photo = await approvedUpload(client);
    const { body } = await send(client, 'make it a watercolour painting', { fileIds: [photo.id] });
    const job = await jobSettled(server, body.reply!.job_id);
    expect(job).toMatchObject({ status: 'completed', engineModel: 'Qwen-Image-Edit-2509' });
    const loaded = comfy.prompts[0]!.prompt['78']!.inputs!.image as string;
    expect(loaded).toMatch(/^photomuse\//);
    // The photo ComfyUI got is the stored upload (re-encoded upright, without metadata).
    const uploaded = comfy.uploads.get(loaded)!;
    expect(await sharp(uploaded.data).metadata()).toMatchObject({ width: photo.width, height: photo.height });
    expect((await ledgerOf(server, client.userId)).find((entry) => entry.kind === 'usage')).toMatchObject({ amountCents: -5 });
  });

  it('takes the composer’s engine, shape and count to ComfyUI, and remembers the engine for the session', async () => {
    const client = await payingUser();
    const first = await send(client, 'a red house in the snow', { engine: 'local' });
    await jobSettled(server, first.body.reply!.job_id);
    expect(comfy.prompts).toHaveLength(0);
    expect((await (await client.get(`/api/sessions/${first.body.session_id}`)).json()) as { engine: string }).toMatchObject({
      engine: 'local',
    });

    const second = await send(client, 'a red house in the snow', {
      sessionId: first.body.session_id,
      engine: 'comfyui',
      aspect_ratio: '16:9',
      image_count: 3,
    });
    expect(second.body.reply!.price_cents).toBe(15);
    await jobSettled(server, second.body.reply!.job_id);
    expect(comfy.prompts[0]!.prompt['5']!.inputs).toEqual({ width: 1360, height: 768, batch_size: 3 });
    const images = (await replyOf(client, second.body.reply!.reply_message_id)).files;
    expect(images).toHaveLength(3);
    const picture = await fetch(`${server.url}${images[0]!.fileUrl}`);
    const { width, height } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    // Within the 1% a picture may be off its shape before it is cropped (output-images.ts).
    expect(Math.abs(width! / height! - 16 / 9)).toBeLessThan(0.01);

    // Next message without a choice: the session's engine.
    expect((await (await client.get(`/api/sessions/${first.body.session_id}`)).json()) as { engine: string }).toMatchObject({
      engine: 'comfyui',
    });
    const third = await send(client, 'and one more of the fox', { sessionId: first.body.session_id });
    expect((await jobSettled(server, third.body.reply!.job_id)).engine).toBe('comfyui');
  });

  it('interrupts a hung prompt at the time limit, tries again, and refunds once after the last try', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    comfy.script({ hang: true }, { hang: true }, { hang: true });
    const { body } = await send(client, 'a slow painting of the sea');
    await expectRefundedOnce(server, client, {
      jobId: body.reply!.job_id,
      replyMessageId: body.reply!.reply_message_id,
      sessionId: body.session_id,
    });
    const promptIds = comfy.prompts.map((prompt) => prompt.promptId);
    expect(promptIds).toHaveLength(3);
    // Each try's own prompt was interrupted by its id (never a global interrupt).
    await expect.poll(() => comfy.interrupts).toEqual(promptIds);
    const reply = await replyOf(client, body.reply!.reply_message_id);
    expect(reply.contentText).toBe(
      'Sorry, the image could not be made: the image service took too long to answer. The charge was refunded ($0.05 was refunded to your balance).',
    );
  });

  it('refunds an execution error at once (no retry), naming the node', async () => {
    const client = await payingUser();
    comfy.script({
      executionError: { exceptionType: 'RuntimeError', message: 'Error while deserializing header: MetadataIncompleteBuffer' },
    });
    const { body } = await send(client, 'a castle');
    const { job, reply } = await expectRefundedOnce(server, client, {
      jobId: body.reply!.job_id,
      replyMessageId: body.reply!.reply_message_id,
      sessionId: body.session_id,
    });
    expect(job.attempts).toBe(1);
    expect(comfy.prompts).toHaveLength(1);
    expect(reply.contentText).toContain('ComfyUI failed in KSampler (node 3): Error while deserializing header: MetadataIncompleteBuffer');
  });

  it('tries once more after running out of GPU memory, then refunds', async () => {
    const client = await payingUser();
    comfy.script({ executionError: 'out-of-memory' }, { executionError: 'out-of-memory' });
    const { body } = await send(client, 'a huge mural');
    const { job, reply } = await expectRefundedOnce(server, client, {
      jobId: body.reply!.job_id,
      replyMessageId: body.reply!.reply_message_id,
      sessionId: body.session_id,
    });
    expect(job.attempts).toBe(2);
    expect(comfy.prompts).toHaveLength(2);
    expect(reply.contentText).toContain('ComfyUI ran out of GPU memory for this picture.');
  });

  it('refunds a prompt ComfyUI refuses (a model file removed since the start) at once', async () => {
    const client = await payingUser();
    comfy.setModels({ checkpoints: [] });
    try {
      const { body } = await send(client, 'a garden');
      const { job } = await expectRefundedOnce(server, client, {
        jobId: body.reply!.job_id,
        replyMessageId: body.reply!.reply_message_id,
        sessionId: body.session_id,
      });
      expect(job.attempts).toBe(1);
      expect(job.error).toContain('ComfyUI refused the workflow: Prompt outputs failed validation');
    } finally {
      comfy.setModels({ checkpoints: ['flux1-schnell-fp8.safetensors'] });
    }
  });

  it('stores the engine and model of every job', async () => {
    const client = await payingUser();
    const { body } = await send(client, 'a boat', { engine: 'local' });
    await jobSettled(server, body.reply!.job_id);
    const [row] = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.id, body.reply!.job_id));
    expect(row).toMatchObject({ engine: 'local', engineModel: null });
  });
});

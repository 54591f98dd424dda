import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { startFakeA1111, type FakeA1111 } from '@test/server/fake-a1111-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';
import { expectRefundedOnce, jobSettled, ledgerOf, replyOf } from '@test/server/generation';
import { creditTopUp } from '../billing/billing.repository';
import { EDIT_DENOISING_STRENGTH } from './engines/a1111/a1111-engine';

/**
 * Generation through AUTOMATIC1111 (IMAGE_ENGINES=a1111, with --api-auth and a checkpoint) against
 * the local web UI API: txt2img for new pictures, img2img for edits, extra-single-image for an
 * upscale, each paid at A1111's price, and a hang interrupted and refunded.
 */
let a1111: FakeA1111;
let server: RunningServer;

beforeAll(async () => {
  a1111 = await startFakeA1111({ auth: 'photomuse:s3cret', stepMs: 1 });
  server = await startTestServer(
    {
      IMAGE_ENGINES: 'a1111',
      A1111_URL: a1111.url,
      A1111_AUTH: 'photomuse:s3cret',
      A1111_MODEL: 'sd_xl_base_1.0',
      PRICE_PER_IMAGE_CENTS_A1111: '3',
      FREE_GENERATIONS: '0',
      GENERATION_TIMEOUT_SECONDS: '4',
    },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await a1111?.close();
});
beforeEach(() => a1111.reset());

async function payingUser(): Promise<SignedInClient> {
  const client = await signedInUser(server);
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: 500,
    reference: `cs_test_${client.userId}`,
    description: 'Test top-up',
  });
  return client;
}

async function send(client: SignedInClient, text: string, fileIds: string[] = []) {
  const response = await client.post('/api/messages', { session_id: 'new', content_text: text, file_ids: fileIds, request_reply: true });
  expect(response.status).toBe(201);
  return (await response.json()) as { session_id: string; reply: { job_id: string; reply_message_id: string; price_cents: number } };
}

describe('generation with the AUTOMATIC1111 engine', () => {
  it('makes a new picture with txt2img and the configured checkpoint, charged at A1111’s price', async () => {
    const client = await payingUser();
    const sent = await send(client, 'a lighthouse at dusk');
    expect(sent.reply.price_cents).toBe(3);
    expect(await jobSettled(server, sent.reply.job_id)).toMatchObject({
      status: 'completed',
      engine: 'a1111',
      engineModel: 'sd_xl_base_1.0',
    });
    const request = a1111.received.find((r) => r.path === '/sdapi/v1/txt2img')!;
    expect(request.json).toMatchObject({
      prompt: 'a lighthouse at dusk',
      batch_size: 1,
      override_settings: { sd_model_checkpoint: 'sd_xl_base_1.0' },
    });
    expect(a1111.usedModels).toEqual(['sd_xl_base_1.0.safetensors [31e35c80fc]']);
    expect((await replyOf(client, sent.reply.reply_message_id)).contentText).toBe('Made with sd_xl_base_1.0 on AUTOMATIC1111.');
    expect((await ledgerOf(server, client.userId)).find((entry) => entry.kind === 'usage')).toMatchObject({ amountCents: -3 });
  });

  it('edits an uploaded photo with img2img at the edit denoising strength', async () => {
    const client = await payingUser();
    const photo = await approvedUpload(client);
    const sent = await send(client, 'turn it into a watercolour', [photo.id]);
    expect((await jobSettled(server, sent.reply.job_id)).status).toBe('completed');
    const request = a1111.received.find((r) => r.path === '/sdapi/v1/img2img')!;
    expect(request.json).toMatchObject({
      prompt: 'turn it into a watercolour',
      denoising_strength: EDIT_DENOISING_STRENGTH,
      init_images: [expect.any(String)],
    });
    expect((await replyOf(client, sent.reply.reply_message_id)).files).toHaveLength(1);
  });

  it('upscales a photo asked only for more resolution with extra-single-image', async () => {
    const client = await payingUser();
    const photo = await approvedUpload(client);
    const sent = await send(client, 'upscale this', [photo.id]);
    expect(await jobSettled(server, sent.reply.job_id)).toMatchObject({ status: 'completed', error: null });
    expect(a1111.received.map((r) => r.path)).toContain('/sdapi/v1/extra-single-image');
    expect(a1111.received.map((r) => r.path)).not.toContain('/sdapi/v1/img2img');
    expect((await replyOf(client, sent.reply.reply_message_id)).contentText).toBe('Upscaled with R-ESRGAN 4x+ on AUTOMATIC1111.');
  });

  it('interrupts a hung request at the time limit and, after the last try, refunds once', { timeout: 60_000 }, async () => {
    const client = await payingUser();
    a1111.script({ hang: true }, { hang: true }, { hang: true });
    const sent = await send(client, 'a slow sunset');
    await expectRefundedOnce(server, client, {
      jobId: sent.reply.job_id,
      replyMessageId: sent.reply.reply_message_id,
      sessionId: sent.session_id,
    });
    await expect.poll(() => a1111.interrupts()).toBe(3);
  });
});

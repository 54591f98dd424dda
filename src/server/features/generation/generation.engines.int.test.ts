import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';
import { jobSettled, ledgerOf } from '@test/server/generation';
import { creditTopUp } from '../billing/billing.repository';
import { SHIPPED_WORKFLOWS_DIR } from './engines/comfyui/workflow';

/**
 * Several engines at once (IMAGE_ENGINES=local,comfyui): what the picker offers, the quote and
 * the charge at the chosen engine's price, and a request the chosen engine cannot do refused
 * before any charge with the engines that can. The ComfyUI here is an operator's own workflow
 * directory: one text-to-image workflow that makes one picture at a time.
 */
let comfy: FakeComfyUi;
let server: RunningServer;

beforeAll(async () => {
  comfy = await startFakeComfyUi({ stepMs: 0 });
  const workflowsDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-workflows-'));
  const flux = JSON.parse(await readFile(path.join(SHIPPED_WORKFLOWS_DIR, 'flux1-schnell.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(
    path.join(workflowsDir, 'house-style.json'),
    JSON.stringify({ ...flux, title: 'House Style v2', maxImages: 1, aspectRatios: ['unchanged', '1:1', '3:2'] }),
  );
  server = await startTestServer({
    IMAGE_ENGINES: 'local,comfyui',
    COMFYUI_URL: comfy.url,
    COMFYUI_WORKFLOWS_DIR: workflowsDir,
    COMFYUI_WORKFLOWS: 'house-style',
    COMFYUI_LABEL: 'Studio GPU',
    PRICE_PER_IMAGE_CENTS: '8',
    PRICE_PER_IMAGE_CENTS_LOCAL: '0',
    PRICE_PER_IMAGE_CENTS_COMFYUI: '6',
    FREE_GENERATIONS: '2',
  });
});
afterAll(async () => {
  await server?.stop();
  await comfy?.close();
});

async function payingUser(): Promise<SignedInClient> {
  const client = await signedInUser(server);
  await creditTopUp(server.deps.db, {
    userId: client.userId,
    amountCents: 300,
    reference: `cs_test_${client.userId}`,
    description: 'Test top-up',
  });
  return client;
}

async function quote(client: SignedInClient, query: Record<string, string>) {
  return (await (await client.get(`/api/chat/quote?${new URLSearchParams(query).toString()}`)).json()) as Record<string, unknown>;
}

describe('several engines at once', () => {
  it('offers each engine with its label, price and what it can do, the first as the default', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { imageEngine: string; engines: unknown[] };
    expect(config.imageEngine).toBe('local');
    expect(config.engines).toEqual([
      {
        kind: 'local',
        label: null,
        pricePerImageCents: 0,
        capabilities: {
          textToImage: { maxImages: 5, model: null, knownSubjectsOnly: true },
          edit: { maxImages: 5, maxInputImages: 5, model: null },
          aspectRatios: null,
        },
      },
      {
        kind: 'comfyui',
        label: 'Studio GPU',
        pricePerImageCents: 6,
        capabilities: { textToImage: { maxImages: 1, model: 'House Style v2' }, edit: null, aspectRatios: ['unchanged', '1:1', '3:2'] },
      },
    ]);
  });

  it('quotes and charges at the chosen engine’s price; a free engine leaves the free images for paid ones', async () => {
    const client = await payingUser();
    expect(await quote(client, { text: 'a fox', engine: 'comfyui' })).toMatchObject({
      engine: 'comfyui',
      pricePerImageCents: 6,
      freeImages: 1,
      priceCents: 0,
      refusal: null,
    });
    // The built-in engine draws only the subjects it knows (a fox is not one of them).
    expect(await quote(client, { text: 'a lighthouse', engine: 'local' })).toMatchObject({
      engine: 'local',
      pricePerImageCents: 0,
      freeImages: 0,
      paidImages: 1,
      priceCents: 0,
    });

    const free = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'a lighthouse',
      request_reply: true,
      engine: 'local',
    });
    const freeReply = ((await free.json()) as { reply: { job_id: string; price_cents: number; free_images_used: number } }).reply;
    expect(freeReply).toMatchObject({ price_cents: 0, free_images_used: 0 });
    const paid = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'a fox',
      request_reply: true,
      engine: 'comfyui',
      aspect_ratio: '3:2',
    });
    const paidReply = ((await paid.json()) as { reply: { job_id: string; price_cents: number; free_images_used: number } }).reply;
    expect(paidReply).toMatchObject({ price_cents: 0, free_images_used: 1 });
    await jobSettled(server, paidReply.job_id);
    expect(comfy.prompts.at(-1)!.prompt['5']!.inputs).toMatchObject({ width: 1248, height: 832, batch_size: 1 });
    const usage = (await ledgerOf(server, client.userId)).filter((entry) => entry.kind === 'usage');
    expect(Object.fromEntries(usage.map((entry) => [entry.reference, [entry.amountCents, entry.freeGenerationsDelta]]))).toEqual({
      [freeReply.job_id]: [0, 0],
      [paidReply.job_id]: [0, -1],
    });
  });

  it('refuses before any charge an edit on the text-only engine, and more pictures than it makes, naming the engines that can', async () => {
    const client = await payingUser();
    const photo = await approvedUpload(client);
    const before = await ledgerOf(server, client.userId);
    expect(await quote(client, { text: 'make it red', attachments: '1', engine: 'comfyui' })).toMatchObject({
      refusal: { reason: 'no-edit', engine: 'comfyui', capableEngines: ['local'] },
    });

    const edit = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'make it red',
      file_ids: [photo.id],
      request_reply: true,
      engine: 'comfyui',
    });
    expect(edit.status).toBe(400);
    expect(await edit.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Studio GPU cannot edit photos. Engines that can: The built-in engine.',
      details: { refusal: { reason: 'no-edit', engine: 'comfyui', capableEngines: ['local'] } },
    });
    const four = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'a lighthouse',
      request_reply: true,
      engine: 'comfyui',
      image_count: 4,
    });
    expect(four.status).toBe(400);
    expect(((await four.json()) as { details: unknown }).details).toEqual({
      refusal: { reason: 'too-many-images', engine: 'comfyui', capableEngines: ['local'] },
    });
    const wide = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'a castle',
      request_reply: true,
      engine: 'comfyui',
      aspect_ratio: '16:9',
    });
    expect(((await wide.json()) as { details: { refusal: { reason: string } } }).details.refusal.reason).toBe('shape-unsupported');
    const gone = await client.post('/api/messages', { session_id: 'new', content_text: 'a castle', request_reply: true, engine: 'gemini' });
    expect(((await gone.json()) as { details: { refusal: { reason: string } } }).details.refusal.reason).toBe('not-offered');
    // Nothing charged, nothing kept: no message, no session.
    expect(await ledgerOf(server, client.userId)).toEqual(before);
    const sessions = (await (await client.get('/api/sessions')).json()) as { sessions: unknown[] };
    expect(sessions.sessions).toEqual([]);
  });

  it('makes a variation with the engine of the reply it varies, at that engine’s price', async () => {
    const client = await payingUser();
    const ask = async (text: string) =>
      (
        (await (
          await client.post('/api/messages', { session_id: 'new', content_text: text, request_reply: true, engine: 'comfyui' })
        ).json()) as { reply: { job_id: string; reply_message_id: string } }
      ).reply;
    // The two free images go first.
    await jobSettled(server, (await ask('a bridge')).job_id);
    const first = { reply: await ask('a tower') };
    await jobSettled(server, first.reply.job_id);
    const variation = (await (await client.post('/api/chat/variations', { reply_message_id: first.reply.reply_message_id })).json()) as {
      job_id: string;
      price_cents: number;
    };
    expect(await jobSettled(server, variation.job_id)).toMatchObject({
      engine: 'comfyui',
      engineModel: 'House Style v2',
      status: 'completed',
    });
    expect(variation.price_cents).toBe(6);
  });
});

import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { startFakeA1111, type FakeA1111 } from '@test/server/fake-a1111-server';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { startFakeGemini } from '@test/server/fake-gemini-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { jobSettled, replyOf } from '@test/server/generation';
import { approvedFixture, differences, paintedMask, sendMaskedEdit, storedMask, type Box } from '@test/server/masks';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { creditTopUp } from '../billing/billing.repository';
import { MASKED_EDIT_INSTRUCTION } from './engines/gemini/gemini-engine';
import { reachOf } from './mask-compositing';

/**
 * A selected area reaches every hosted and self-hosted engine in its own form, and whatever the
 * engine paints — each test server here repaints the whole picture in one colour, at a size of its
 * own — nothing outside the area changes in the stored result.
 */
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let gemini: Awaited<ReturnType<typeof startFakeGemini>>;
let a1111: FakeA1111;
let comfy: FakeComfyUi;
let server: RunningServer;

const PLAN = {
  intent: 'edit',
  sourceImages: 'attachments',
  instruction: 'Make the shirt red',
  imageCount: 1,
  aspectRatio: 'unchanged',
  style: null,
};
const REVIEW = { approved: true, reason: null, suggestions: [{ title: 'Make it red', description: 'Change the main colour to red.' }] };

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.onChat((request) =>
    (request.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name === 'upload_review' ? REVIEW : PLAN,
  );
  gemini = await startFakeGemini();
  gemini.onText((request) => (request.body.contents[0]!.parts.some((part) => part.inlineData) ? REVIEW : PLAN));
  a1111 = await startFakeA1111({ stepMs: 0 });
  comfy = await startFakeComfyUi({ stepMs: 0 });
  server = await startTestServer({
    IMAGE_ENGINES: 'openai,gemini,a1111,comfyui',
    COMFYUI_URL: comfy.url,
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: 'sk-test',
    GEMINI_API_KEY: 'gemini-test-key',
    GEMINI_BASE_URL: gemini.baseUrl,
    A1111_URL: a1111.url,
    PRICE_PER_IMAGE_CENTS: '8',
    FREE_GENERATIONS: '0',
  });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([openai?.close(), gemini?.close(), a1111?.close(), comfy?.close()]);
});
beforeEach(() => {
  openai.reset();
  gemini.reset();
  a1111.reset();
  comfy.reset();
});

/** The left chest of the shirt in people/091.jpg (1000×1000). */
const SHIRT: Box = { left: 200, top: 680, width: 200, height: 260 };

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

/** A masked edit with `engine`, settled: the stored result and the photo it was made from. */
async function maskedEdit(engine: string) {
  const client = await payingUser();
  const photo = await approvedFixture(client, 'people/091.jpg');
  const mask = await storedMask(client, photo.id, await paintedMask(1000, 1000, [SHIRT]));
  const sent = await sendMaskedEdit(client, { text: 'make the shirt red', fileIds: [photo.id], maskId: mask.id, engine });
  expect(sent.status).toBe(201);
  const { reply } = (await sent.json()) as { reply: { job_id: string; reply_message_id: string; price_cents: number } };
  // Priced as any edit: one image at the engine's price.
  expect(reply.price_cents).toBe(8);
  const job = await jobSettled(server, reply.job_id);
  expect(job.error).toBeNull();
  expect(job.status).toBe('completed');
  const answer = await replyOf(client, reply.reply_message_id);
  expect(answer.contentText).toContain('The edit was confined to the selected area.');
  expect(answer.contentCodes).toContainEqual({ code: 'reply.confinedToArea' });
  const result = Buffer.from(await (await client.get(answer.files[0]!.fileUrl)).arrayBuffer());
  const source = Buffer.from(await (await client.get(photo.file_url)).arrayBuffer());
  return { result, source };
}

/** The engine repainted everything; the stored result changed only the selected area. */
async function expectOnlyTheAreaChanged(source: Buffer, result: Buffer) {
  const change = await differences(source, result, [SHIRT], reachOf(1000, 1000));
  expect(change.outsideMean).toBeLessThan(1.5);
  expect(change.outsideWorst).toBeLessThanOrEqual(16);
  expect(change.insideChangedShare).toBeGreaterThan(0.9);
}

const decodePng = async (data: Buffer) => ({
  meta: await sharp(data).metadata(),
  raw: await sharp(data).raw().toBuffer({ resolveWithObject: true }),
});

describe('a selected area with each engine', () => {
  it('OpenAI: images.edit gets a mask of the image’s size whose transparent pixels are the area', async () => {
    const { result, source } = await maskedEdit('openai');
    const edit = openai.received.find((request) => request.path === '/images/edits')!;
    const image = edit.fields!.find((field) => field.name === 'image' || field.name === 'image[]')!;
    const mask = edit.fields!.find((field) => field.name === 'mask')!;
    const imageInfo = await sharp(image.data!).metadata();
    const { meta, raw } = await decodePng(mask.data!);
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, width: imageInfo.width, height: imageInfo.height });
    const alphaAt = (x: number, y: number) => raw.data[(y * raw.info.width + x) * raw.info.channels + raw.info.channels - 1];
    expect(alphaAt(SHIRT.left + 50, SHIRT.top + 50)).toBe(0);
    expect(alphaAt(50, 50)).toBe(255);
    await expectOnlyTheAreaChanged(source, result);
  });

  it('OpenAI’s test server refuses a mask of another size or without alpha, as the API does', async () => {
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: openai.baseUrl, maxRetries: 0 });
    const photo = await toFile(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } })
        .png()
        .toBuffer(),
      'image.png',
      { type: 'image/png' },
    );
    const edit = async (mask: Buffer) =>
      client.images.edit({
        model: 'gpt-image-2',
        image: photo,
        mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
        prompt: 'red',
      });
    const otherSize = await sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    await expect(edit(otherSize)).rejects.toMatchObject({ status: 400, param: 'mask' });
    const noAlpha = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(edit(noAlpha)).rejects.toMatchObject({ status: 400, param: 'mask' });
    const good = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    await expect(edit(good)).resolves.toMatchObject({ data: [expect.objectContaining({ b64_json: expect.any(String) })] });
  });

  it('Gemini: the photo, then the mask as a second picture, with words that say what it is', async () => {
    const { result, source } = await maskedEdit('gemini');
    const call = gemini.received.find((request) => request.model === 'gemini-3.1-flash-image')!;
    const parts = call.body.contents[0]!.parts;
    expect(parts).toHaveLength(3);
    expect(parts[0]!.text).toContain(MASKED_EDIT_INSTRUCTION);
    const { meta, raw } = await decodePng(Buffer.from(parts[2]!.inlineData!.data, 'base64'));
    expect(meta).toMatchObject({ format: 'png', width: 1000, height: 1000 });
    expect(raw.data[((SHIRT.top + 50) * 1000 + SHIRT.left + 50) * raw.info.channels]).toBe(255);
    expect(raw.data[(50 * 1000 + 50) * raw.info.channels]).toBe(0);
    await expectOnlyTheAreaChanged(source, result);
  });

  it('AUTOMATIC1111: img2img with `mask` (white = repaint) and inpainting settings', async () => {
    const { result, source } = await maskedEdit('a1111');
    const call = a1111.received.find((request) => request.path.endsWith('/img2img'))!;
    expect(call.json).toMatchObject({ inpainting_fill: 1, inpaint_full_res: false, inpainting_mask_invert: 0, mask_blur: 4 });
    const { meta, raw } = await decodePng(Buffer.from(String(call.json!.mask), 'base64'));
    expect(meta).toMatchObject({ width: 1000, height: 1000 });
    expect(raw.data[((SHIRT.top + 50) * 1000 + SHIRT.left + 50) * raw.info.channels]).toBe(255);
    expect(raw.data[(50 * 1000 + 50) * raw.info.channels]).toBe(0);
    await expectOnlyTheAreaChanged(source, result);
  });

  it('ComfyUI: the mask through /upload/mask over the uploaded photo, and the inpainting workflow reads it', async () => {
    const { result, source } = await maskedEdit('comfyui');
    const uploads = comfy.received.map((request) => request.path).filter((path) => path.startsWith('/upload/'));
    expect(uploads).toEqual(['/upload/image', '/upload/mask']);
    const prompt = comfy.prompts[0]!.prompt;
    expect(prompt['90']).toMatchObject({ class_type: 'InpaintModelConditioning', inputs: { mask: ['78', 1] } });
    // LoadImage's file is the photo with the mask as its alpha: transparent (MASK 1) inside the area.
    const masked = comfy.uploads.get(String(prompt['78']!.inputs!.image))!;
    const { meta, raw } = await decodePng(masked.data);
    expect(meta).toMatchObject({ format: 'png', width: 1000, height: 1000, hasAlpha: true });
    const alphaAt = (x: number, y: number) => raw.data[(y * 1000 + x) * raw.info.channels + 3];
    expect(alphaAt(SHIRT.left + 50, SHIRT.top + 50)).toBe(0);
    expect(alphaAt(50, 50)).toBe(255);
    await expectOnlyTheAreaChanged(source, result);
  });
});

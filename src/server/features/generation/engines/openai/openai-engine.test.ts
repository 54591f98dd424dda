import OpenAI from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGES_PER_REQUEST } from '@shared/generation';
import { OPENAI_EDIT_MAX_IMAGES, OPENAI_IMAGES_MAX_N, startFakeOpenAi } from '@test/server/fake-openai-server';
import { fixture } from '@test/server/images';
import { imagesPerCall, OPENAI_MAX_IMAGES_PER_CALL, OPENAI_PARTIAL_IMAGES, OpenAiImageEngine, streamsPartialImages } from './openai-engine';

/** The engine's calls against a local server that refuses what OpenAI's images API refuses. */
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let engine: OpenAiImageEngine;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  engine = new OpenAiImageEngine({ apiKey: 'sk-test', baseUrl: openai.baseUrl, model: 'gpt-image-2.5-flare', textModel: 'gpt-5.4-mini' });
});
afterAll(() => openai?.close());
beforeEach(() => openai.reset());

const photos = [
  'photos/Landscape_1.jpg',
  'photos/Portrait_3.jpg',
  'photos/Landscape_6.jpg',
  'photos/Portrait_8.jpg',
  'photos/Portrait_1.jpg',
].map((name) => ({ data: fixture(name), mimeType: 'image/jpeg' }));
const edits = () => openai.received.filter((request) => request.path === '/images/edits');
const fieldsOf = (request: (typeof openai.received)[number]) => ({
  images: request.fields!.filter((field) => field.name === 'image[]' || field.name === 'image').map((field) => field.size),
  n: request.fields!.find((field) => field.name === 'n')?.value,
});

describe('the OpenAI engine within the images API limits', () => {
  it('takes the limits the API documents, which one reply never exceeds in one call', () => {
    expect(OPENAI_MAX_IMAGES_PER_CALL).toBe(OPENAI_IMAGES_MAX_N);
    expect(MAX_IMAGES_PER_REQUEST).toBeLessThanOrEqual(OPENAI_EDIT_MAX_IMAGES);
    expect(imagesPerCall(5)).toEqual([5]);
    expect(imagesPerCall(10)).toEqual([10]);
    expect(imagesPerCall(23)).toEqual([10, 10, 3]);
  });

  it('edits each of five photos in a call of its own: one result per photo, not five pictures of all five', async () => {
    const result = await engine.edit(photos, 'Make the photo black and white', { count: 5, aspectRatio: 'unchanged' });
    expect(result.images).toHaveLength(5);
    expect(edits()).toHaveLength(5);
    expect(edits().map(fieldsOf)).toEqual(photos.map(() => ({ images: [expect.any(Number)], n: '1' })));
    // Each call carries a different photo (compared by size: the five files differ).
    expect(new Set(edits().map((request) => fieldsOf(request).images[0])).size).toBe(5);
  });

  it('edits photos to be combined in one call with all of them, asking for every version at once', async () => {
    const result = await engine.edit(photos, 'Put everyone on one beach', { count: 2, aspectRatio: 'unchanged', combine: true });
    expect(result.images).toHaveLength(2);
    expect(edits().map(fieldsOf)).toEqual([
      { images: [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)], n: '2' },
    ]);
  });

  it('asks for more images than one call may make in turns (the API refuses an n above 10)', async () => {
    const result = await engine.generate('A lighthouse', { count: 12, aspectRatio: '1:1' });
    expect(result.images).toHaveLength(12);
    expect(openai.received.filter((request) => request.path === '/images/generations').map((request) => request.json?.n)).toEqual([10, 2]);
  });
});

describe('partial images while a picture is made', () => {
  const meanOf = async (image: Buffer) => (await sharp(image).stats()).channels[0]!.mean;

  it('streams a picture someone watches: each partial image becomes a preview, the completed one the result', async () => {
    const previews: Buffer[] = [];
    const result = await engine.generate('A lighthouse', { count: 1, aspectRatio: '1:1', onPreview: (image) => previews.push(image) });
    expect(
      openai.received
        .filter((request) => request.path === '/images/generations')
        .map((request) => [request.json?.stream, request.json?.partial_images]),
    ).toEqual([[true, OPENAI_PARTIAL_IMAGES]]);
    expect(previews).toHaveLength(OPENAI_PARTIAL_IMAGES);
    // The stand-in shades each partial image apart from the others and from the final picture (red 0).
    const shades = await Promise.all(previews.map(meanOf));
    expect(new Set(shades).size).toBe(OPENAI_PARTIAL_IMAGES);
    expect(shades).not.toContain(0);
    expect(result.images).toHaveLength(1);
    expect(await meanOf(result.images[0]!.data)).toBe(0);
    expect(result.images[0]!.mimeType).toBe('image/png');
  });

  it('streams each photo’s edit and gives the edited pictures, not the partial ones', async () => {
    const previews: Buffer[] = [];
    const result = await engine.edit(photos.slice(0, 2), 'Make it black and white', {
      count: 2,
      aspectRatio: 'unchanged',
      onPreview: (image) => previews.push(image),
    });
    expect(edits().map((request) => request.fields!.find((field) => field.name === 'stream')?.value)).toEqual(['true', 'true']);
    expect(previews).toHaveLength(2 * OPENAI_PARTIAL_IMAGES);
    expect(await Promise.all(result.images.map((image) => meanOf(image.data)))).toEqual([0, 0]);
  });

  it('asks without a stream where nobody watches, where a call makes several pictures, and of a model that does not stream', async () => {
    await engine.generate('A lighthouse', { count: 1, aspectRatio: '1:1' });
    await engine.generate('A lighthouse', { count: 3, aspectRatio: '1:1', onPreview: () => undefined });
    const older = new OpenAiImageEngine({ apiKey: 'sk-test', baseUrl: openai.baseUrl, model: 'gpt-image-1.5', textModel: 'gpt-5.4-mini' });
    const previews: Buffer[] = [];
    expect(
      (await older.generate('A lighthouse', { count: 1, aspectRatio: '1:1', onPreview: (image) => previews.push(image) })).images,
    ).toHaveLength(1);
    expect(openai.received.filter((request) => request.path === '/images/generations').map((request) => request.json?.stream)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(previews).toEqual([]);
    expect(streamsPartialImages('gpt-image-2')).toBe(true);
    expect(streamsPartialImages('gpt-image-2.6-sunburst')).toBe(true);
    expect(streamsPartialImages('gpt-image-1.5')).toBe(false);
    expect(streamsPartialImages('chatgpt-image-latest')).toBe(false);
  });

  it('is refused by the stand-in as by the API: partial_images above 3, and a stream of a model that does not stream', async () => {
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: openai.baseUrl, maxRetries: 0 });
    await expect(
      client.images.generate({ model: 'gpt-image-2.5-flare', prompt: 'x', stream: true, partial_images: 4 }),
    ).rejects.toMatchObject({ status: 400, code: 'integer_above_max_value', param: 'partial_images' });
    await expect(client.images.generate({ model: 'gpt-image-1.5', prompt: 'x', stream: true, partial_images: 1 })).rejects.toMatchObject({
      status: 400,
      code: 'unsupported_parameter',
      param: 'stream',
    });
  });
});

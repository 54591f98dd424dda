import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError } from './engine-types';
import { LocalImageEngine } from './local-engine';
import { decodePixels, fixture, meanBrightness, meanDifference } from '../test/pictures';
import { noteLine } from '../test/note-text';

const engine = new LocalImageEngine({ workingMaxSide: 400, sceneLongSide: 320 });
/** The most images one reply of the app may have (MAX_IMAGES_PER_REQUEST): five versions of one photo. */
const VERSIONS_A_REPLY_MAY_HAVE = 5;
const portrait = { data: fixture('people/040.jpg'), mimeType: 'image/jpeg' };
const landscape = { data: fixture('photos/Landscape_3.jpg'), mimeType: 'image/jpeg' };

async function sizeOf(data: Buffer) {
  const { width = 0, height = 0 } = await sharp(data).metadata();
  return { width, height };
}

describe('the local engine', () => {
  // Which engine made a picture is said under every reply (the reply's engine); the note says what was done.
  it('says what it did in one sentence, the same whatever the language of the request', async () => {
    const english = await engine.edit([portrait], 'make it sepia and square', { count: 1, aspectRatio: '1:1' });
    expect(english.note.map((part) => part.code)).toEqual(['local.done']);
    expect(noteLine(english.note)).toBe('local.done | local.applied looks=style:sepia | local.cropped ratio=1:1');
    const russian = await engine.edit([portrait], 'сделай сепию и квадрат', { count: 1, aspectRatio: '1:1' });
    expect(noteLine(russian.note)).toBe(noteLine(english.note));
    const generated = await engine.generate('mountains', { count: 1, aspectRatio: '1:1' });
    expect(generated.note.map((part) => part.code)).toEqual(['local.done']);
    for (const note of [english.note, russian.note, generated.note]) expect(noteLine(note)).not.toMatch(/gpt|gemini|dall|openai/i);
  });

  it('makes as many images as asked, each a different version', async () => {
    const result = await engine.edit([portrait], 'pencil sketch', { count: 3, aspectRatio: '1:1' });
    expect(result.images).toHaveLength(3);
    const pictures = await Promise.all(result.images.map((image) => decodePixels(image.data)));
    expect(meanDifference(pictures[0]!, pictures[1]!)).toBeGreaterThan(2);
    expect(meanDifference(pictures[1]!, pictures[2]!)).toBeGreaterThan(2);
    expect(noteLine(result.note)).toContain('local.variations count=3');
  });

  it('edits a previous output on a follow-up: "now make it darker" darkens it', async () => {
    const first = await engine.edit([landscape], 'watercolour', { count: 1, aspectRatio: '16:9' });
    const followUp = await engine.edit([first.images[0]!], 'now make it darker', { count: 1, aspectRatio: 'unchanged' });
    const before = await decodePixels(first.images[0]!.data);
    const after = await decodePixels(followUp.images[0]!.data);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(meanBrightness(after)).toBeLessThan(meanBrightness(before) - 15);
    const russian = await engine.edit([first.images[0]!], 'а теперь светлее', { count: 1, aspectRatio: 'unchanged' });
    expect(meanBrightness(await decodePixels(russian.images[0]!.data))).toBeGreaterThan(meanBrightness(before) + 15);
  });

  it('changes the shape with a crop, or with padding when asked not to crop', async () => {
    const cropped = await engine.edit([landscape], 'make it square', { count: 1, aspectRatio: '1:1' });
    expect(await sizeOf(cropped.images[0]!.data)).toEqual({ width: 267, height: 267 });
    expect(noteLine(cropped.note)).toContain('local.cropped ratio=1:1');
    const padded = await engine.edit([landscape], 'make it square without cropping', { count: 1, aspectRatio: '1:1' });
    expect(await sizeOf(padded.images[0]!.data)).toEqual({ width: 400, height: 400 });
    expect(noteLine(padded.note)).toContain('local.padded ratio=1:1');
  });

  it('rotates and mirrors', async () => {
    const rotated = await engine.edit([landscape], 'rotate it left', { count: 1, aspectRatio: 'unchanged' });
    expect(await sizeOf(rotated.images[0]!.data)).toEqual({ width: 267, height: 400 });
    const mirrored = await engine.edit([portrait], 'mirror it', { count: 1, aspectRatio: 'unchanged' });
    const original = await decodePixels(portrait.data, 400);
    const flipped = await decodePixels(await sharp(mirrored.images[0]!.data).flop().toBuffer());
    expect(meanDifference(original, flipped)).toBeLessThan(4);
  });

  it('combines several photos into one picture when asked to', async () => {
    const result = await engine.edit([portrait, landscape], 'combine them in black and white', { count: 1, aspectRatio: '16:9' });
    expect(result.images).toHaveLength(1);
    const { width, height } = await sizeOf(result.images[0]!.data);
    expect(Math.abs(width - (height * 16) / 9)).toBeLessThanOrEqual(1);
    expect(noteLine(result.note)).toContain('local.combined');
  });

  it('makes as many versions of one photo as one reply may, no two alike', async () => {
    const result = await engine.edit([landscape], 'make it black and white, 5 versions', {
      count: VERSIONS_A_REPLY_MAY_HAVE,
      aspectRatio: 'unchanged',
    });
    const pictures = await Promise.all(result.images.map((image) => decodePixels(image.data)));
    expect(pictures).toHaveLength(VERSIONS_A_REPLY_MAY_HAVE);
    for (const [index, picture] of pictures.entries()) {
      for (const other of pictures.slice(index + 1)) expect(meanDifference(picture, other)).toBeGreaterThan(1);
    }
  });

  it('gives one result per photo when as many are asked for', async () => {
    const result = await engine.edit([portrait, landscape], 'make them sepia', { count: 2, aspectRatio: 'unchanged' });
    expect(await Promise.all(result.images.map((image) => sizeOf(image.data)))).toEqual([
      { width: 400, height: 400 },
      { width: 400, height: 267 },
    ]);
  });

  it('auto-enhances a photo sent without words', async () => {
    const result = await engine.edit([portrait], '', { count: 1, aspectRatio: 'unchanged' });
    expect(result.images).toHaveLength(1);
    expect(noteLine(result.note)).toContain('local.autoEnhanced');
  });

  it('refuses, without pretending, an edit it cannot do (not retried: kind invalid)', async () => {
    const attempt = engine.edit([portrait], 'give me a cocktail and a wide smile', { count: 1, aspectRatio: 'unchanged' });
    await expect(attempt).rejects.toBeInstanceOf(EngineError);
    await expect(attempt).rejects.toMatchObject({ kind: 'invalid', reason: [{ code: 'local.nothingToDo' }] });
  });

  it('reports an unreadable picture as invalid', async () => {
    await expect(
      engine.edit([{ data: Buffer.from('not an image'), mimeType: 'image/jpeg' }], 'sepia', { count: 1, aspectRatio: 'unchanged' }),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('stops when the signal is aborted, as a transient failure the queue may retry', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.edit([portrait], 'sepia', { count: 1, aspectRatio: 'unchanged', signal: controller.signal })).rejects.toMatchObject(
      { kind: 'transient' },
    );
    await expect(engine.generate('sea', { count: 1, aspectRatio: '1:1', signal: controller.signal })).rejects.toMatchObject({
      kind: 'transient',
    });
  });

  it('applies every style a request names, in order', async () => {
    const result = await engine.edit([portrait], 'sepia with a strong vignette, a bit sharper', { count: 1, aspectRatio: 'unchanged' });
    expect(noteLine(result.note)).toContain('local.applied looks=style:sepia,style:vignette,adjustment:sharpen');
  });

  it('scales large photos down to the working size', async () => {
    const big = new LocalImageEngine();
    const large = await sharp(fixture('photos/Landscape_1.jpg')).resize(4000, 3000, { fit: 'fill' }).jpeg().toBuffer();
    const result = await big.edit([{ data: large, mimeType: 'image/jpeg' }], 'sepia', { count: 1, aspectRatio: 'unchanged' });
    expect(await sizeOf(result.images[0]!.data)).toEqual({ width: 2048, height: 1536 });
  });
});

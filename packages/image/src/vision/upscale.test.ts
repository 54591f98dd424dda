import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalImageEngine } from '../local-engine';
import { readEditRequest } from '@photomuse/request-language';
import { decodePixels, fixture, meanDifference, type Pixels } from '../../test/pictures';
import { stopVisionWorker } from './vision-client';
import { noteLine } from '../../test/note-text';

afterAll(() => stopVisionWorker());

/** Mean absolute Laplacian of the luma: how much fine detail and edge contrast a picture has. */
function detail(pixels: Pixels): number {
  const { width, height, data } = pixels;
  const luma = (x: number, y: number) => {
    const index = (y * width + x) * 3;
    return 0.299 * data[index]! + 0.587 * data[index + 1]! + 0.114 * data[index + 2]!;
  };
  let sum = 0;
  for (let y = 1; y < height - 1; y += 1)
    for (let x = 1; x < width - 1; x += 1)
      sum += Math.abs(4 * luma(x, y) - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1));
  return sum / ((width - 2) * (height - 2));
}

describe('upscaling with ESRGAN', () => {
  const engine = new LocalImageEngine({ workingMaxSide: 2048, fullResolutionMaxSide: 2048 });

  it.each(['upscale x2', 'upscale it', 'increase the resolution', 'make it bigger', 'увеличь разрешение'])(
    'reads %s as an upscale',
    (request) => {
      expect(readEditRequest(request).instructions.upscale).toBe(true);
    },
  );

  it('doubles width and height, closer to the real detail than resampling gets', async () => {
    // The truth: the photo at 384 px. The input: the same at half that. A good upscale lands nearer the truth than Lanczos resampling.
    const truth = await decodePixels(await sharp(fixture('people/082.jpg')).resize(384, 384).png().toBuffer());
    const small = await sharp(fixture('people/082.jpg')).resize(192, 192).png().toBuffer();
    const result = await engine.edit([{ data: small, mimeType: 'image/png' }], 'upscale x2', { count: 1, aspectRatio: 'unchanged' });
    const upscaled = await decodePixels(result.images[0]!.data);
    expect([upscaled.width, upscaled.height]).toEqual([384, 384]);
    const resampled = await decodePixels(await sharp(small).resize(384, 384, { kernel: 'lanczos3' }).png().toBuffer());
    expect(meanDifference(upscaled, truth)).toBeLessThan(meanDifference(resampled, truth));
    expect(detail(upscaled)).toBeGreaterThan(
      detail(await decodePixels(await sharp(small).resize(384, 384, { kernel: 'cubic' }).png().toBuffer())),
    );
    expect(noteLine(result.note)).toContain('local.upscaled');
  }, 60_000);

  it('refuses a photo that is already large, so nothing is charged', async () => {
    const large = await sharp(fixture('people/082.jpg')).resize(1600, 1600).jpeg().toBuffer();
    await expect(
      engine.edit([{ data: large, mimeType: 'image/jpeg' }], 'upscale x2', { count: 1, aspectRatio: 'unchanged' }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      reason: [{ code: 'local.alreadyLarge', params: { width: 1600, height: 1600 } }],
    });
  });

  // ESRGAN-slim redraws a picture at twice the size; it does not undo blur (measured: a soft photo sent
  // through it at half size and back came out further from the crisp original than it went in), so
  // "sharper" on its own is the unsharp mask, which does bring it nearer.
  it('makes a soft photo sharper: nearer the crisp original than it was', async () => {
    // A soft photo: the crisp one blurred a little. "Sharper" should bring it back towards the crisp one.
    const crisp = await decodePixels(await sharp(fixture('people/082.jpg')).resize(256, 256).png().toBuffer());
    const soft = await sharp(fixture('people/082.jpg')).resize(256, 256).blur(1.2).png().toBuffer();
    const result = await engine.edit([{ data: soft, mimeType: 'image/png' }], 'make it sharper', { count: 1, aspectRatio: 'unchanged' });
    const after = await decodePixels(result.images[0]!.data);
    expect([after.width, after.height]).toEqual([256, 256]);
    expect(detail(after)).toBeGreaterThan(detail(await decodePixels(soft)) * 1.2);
    expect(meanDifference(after, crisp)).toBeLessThan(meanDifference(await decodePixels(soft), crisp));
  }, 60_000);
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openAiMaskedPair, whiteOnBlackMask } from './mask-forms';

/** A server mask: one channel, 255 in the left half. */
async function leftHalfMask(width: number, height: number) {
  const raw = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) raw.fill(255, y * width, y * width + Math.floor(width / 2));
  return {
    png: await sharp(raw, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer(),
    width,
    height,
  };
}

describe('the mask in each engine’s form', () => {
  it('OpenAI: image and mask PNGs of one size, transparent where the edit goes, the long side at most 2048', async () => {
    const photo = {
      data: await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#468' } })
        .jpeg()
        .toBuffer(),
      mimeType: 'image/jpeg',
    };
    const pair = await openAiMaskedPair(photo, await leftHalfMask(3000, 2000));
    expect({ width: pair.width, height: pair.height }).toEqual({ width: 2048, height: 1365 });
    expect(await sharp(pair.image).metadata()).toMatchObject({ format: 'png', width: 2048, height: 1365 });
    expect(await sharp(pair.mask).metadata()).toMatchObject({ format: 'png', width: 2048, height: 1365, hasAlpha: true });
    expect(pair.mask.length).toBeLessThan(4 * 1024 * 1024);
    const alpha = await sharp(pair.mask).extractChannel(3).raw().toBuffer();
    expect([alpha[10], alpha[2040]]).toEqual([0, 255]);
  });

  it('AUTOMATIC1111 and Gemini: white on black at the size asked for', async () => {
    const png = await whiteOnBlackMask(await leftHalfMask(100, 50), { width: 200, height: 100 });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 200, height: 100 });
    const data = await sharp(png).extractChannel(0).raw().toBuffer();
    expect([data[5], data[195]]).toEqual([255, 0]);
  });
});

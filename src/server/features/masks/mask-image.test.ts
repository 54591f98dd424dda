import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MASK_TEXTS } from '@shared/masks';
import { normaliseMask } from './mask-image';

const SIZE = { width: 40, height: 30 };

/** A canvas-like RGBA PNG: `paint` decides each pixel's [r, g, b, a]. */
function rgbaPng(paint: (x: number, y: number) => [number, number, number, number], size = SIZE): Promise<Buffer> {
  const raw = Buffer.alloc(size.width * size.height * 4);
  for (let y = 0; y < size.height; y += 1) for (let x = 0; x < size.width; x += 1) raw.set(paint(x, y), (y * size.width + x) * 4);
  return sharp(raw, { raw: { ...size, channels: 4 } })
    .png()
    .toBuffer();
}

const leftHalf = (x: number) => x < 20;

describe('normaliseMask', () => {
  it('takes the editor’s painting (opaque on transparent) as the selected area, one channel, 255/0', async () => {
    const mask = await normaliseMask(await rgbaPng((x) => (leftHalf(x) ? [255, 255, 255, 255] : [0, 0, 0, 0])), SIZE);
    expect(mask).toMatchObject({ width: 40, height: 30, coverage: 0.5 });
    expect(await sharp(mask.png).metadata()).toMatchObject({ format: 'png', channels: 1 });
    const data = await sharp(mask.png).extractChannel(0).raw().toBuffer();
    expect([data[0], data[39]]).toEqual([255, 0]);
  });

  it('takes a black-and-white mask (white = change) as well', async () => {
    const mask = await normaliseMask(await rgbaPng((x) => (leftHalf(x) ? [255, 255, 255, 255] : [0, 0, 0, 255])), SIZE);
    expect(mask.coverage).toBe(0.5);
  });

  it('refuses another size, another format and an area that selects nothing', async () => {
    await expect(normaliseMask(await rgbaPng(() => [255, 255, 255, 255], { width: 30, height: 40 }), SIZE)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: MASK_TEXTS.wrongSize(SIZE, { width: 30, height: 40 }),
    });
    const jpeg = await sharp({ create: { ...SIZE, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    await expect(normaliseMask(jpeg, SIZE)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: MASK_TEXTS.notPng });
    await expect(normaliseMask(Buffer.from('not a picture'), SIZE)).rejects.toMatchObject({ message: MASK_TEXTS.notPng });
    await expect(normaliseMask(await rgbaPng(() => [0, 0, 0, 0]), SIZE)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: MASK_TEXTS.empty,
    });
  });

  it('a mask over everything selects the whole image', async () => {
    expect((await normaliseMask(await rgbaPng(() => [255, 255, 255, 255]), SIZE)).coverage).toBe(1);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compositeWithinMask, reachOf } from './mask-compositing';

const WIDTH = 300;
const HEIGHT = 200;
const BOX = { left: 100, top: 60, width: 80, height: 70 };

/** A photo-like source: a gradient with texture, so a pixel moved or recoloured shows. */
async function sourcePhoto(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1)
    for (let x = 0; x < WIDTH; x += 1) {
      const offset = (y * WIDTH + x) * 3;
      raw[offset] = (x * 7 + y * 3) % 256;
      raw[offset + 1] = (x * 2 + y * 5) % 200;
      raw[offset + 2] = 60 + ((x ^ y) % 120);
    }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
}

async function boxMask(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = BOX.top; y < BOX.top + BOX.height; y += 1) raw.fill(255, y * WIDTH + BOX.left, y * WIDTH + BOX.left + BOX.width);
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .png()
    .toBuffer();
}

const rgb = async (image: Buffer) => (await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;

describe('compositing a masked edit over its source', () => {
  it('keeps every pixel outside the grown mask and takes the engine’s inside, aligning a result of another size first', async () => {
    const source = await sourcePhoto();
    // An engine that repainted everything, at a size of its own (a hosted model's 1024×1024).
    const repainted = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: { r: 230, g: 20, b: 20 } } })
      .png()
      .toBuffer();
    const result = await compositeWithinMask(source, repainted, await boxMask());
    expect({ width: result.width, height: result.height }).toEqual({ width: WIDTH, height: HEIGHT });

    const before = await rgb(source);
    const after = await rgb(result.data);
    const reach = reachOf(WIDTH, HEIGHT);
    let outsideWorst = 0;
    let insideReddish = 0;
    let inside = 0;
    for (let y = 0; y < HEIGHT; y += 1)
      for (let x = 0; x < WIDTH; x += 1) {
        const offset = (y * WIDTH + x) * 3;
        const farOutside =
          x < BOX.left - reach || x >= BOX.left + BOX.width + reach || y < BOX.top - reach || y >= BOX.top + BOX.height + reach;
        const inBox = x >= BOX.left && x < BOX.left + BOX.width && y >= BOX.top && y < BOX.top + BOX.height;
        if (farOutside)
          for (let c = 0; c < 3; c += 1) outsideWorst = Math.max(outsideWorst, Math.abs(after[offset + c]! - before[offset + c]!));
        if (inBox) {
          inside += 1;
          if (after[offset]! > 200 && after[offset + 1]! < 60 && after[offset + 2]! < 60) insideReddish += 1;
        }
      }
    // A PNG source is kept losslessly: outside the mask, every pixel is the source's exactly.
    expect(result.mimeType).toBe('image/png');
    expect(outsideWorst).toBe(0);
    expect(insideReddish / inside).toBeGreaterThan(0.99);
  });

  it('keeps a cut-out’s transparency inside the mask (stored as PNG)', async () => {
    const source = await sourcePhoto();
    const cutOut = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const result = await compositeWithinMask(source, cutOut, await boxMask());
    expect(result.mimeType).toBe('image/png');
    const { data } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[((BOX.top + 10) * WIDTH + BOX.left + 10) * 4 + 3]).toBe(0);
    expect(data[(5 * WIDTH + 5) * 4 + 3]).toBe(255);
  });
});

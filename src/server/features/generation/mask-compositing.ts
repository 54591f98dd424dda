import sharp from 'sharp';

/**
 * "Nothing outside the brush changes", whatever the engine did. Hosted models treat a mask as a
 * hint and may repaint the whole picture; local models shift colours at the mask's edge. So every
 * result of a masked edit is laid over its source through the mask: pixels outside the grown mask
 * are the source's own, pixels inside are the engine's, and a soft edge between them hides the seam.
 */

/** The result, aligned and composited; the size of the source. */
export interface CompositedImage {
  data: Buffer;
  width: number;
  height: number;
  mimeType: string;
}

/** How far the mask grows past the brush and how soft its edge is, for an image of this size. */
export function edgeOf(width: number, height: number): { grow: number; feather: number } {
  const longSide = Math.max(width, height);
  return { grow: Math.max(2, Math.round(longSide * 0.004)), feather: Math.max(1, Math.round(longSide * 0.003)) };
}

/** The widest the edit can reach past the brush, in pixels: beyond it every pixel is the source's. */
export function reachOf(width: number, height: number): number {
  const { grow, feather } = edgeOf(width, height);
  return grow + 3 * feather + 1;
}

/** A one-channel mask grown by about `radius` pixels: a blur spreads it, any trace counts. */
async function grown(mask: Buffer, width: number, height: number, radius: number): Promise<Buffer> {
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .blur(Math.max(0.3, radius / 2.5))
    .threshold(1)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * How much of the engine's picture each pixel takes (0-255): 255 inside the brush, a soft ramp
 * just outside it, and exactly 0 beyond `reachOf` pixels from it.
 */
export async function blendWeights(mask: Buffer, width: number, height: number): Promise<Uint8Array> {
  const { grow, feather } = edgeOf(width, height);
  const inner = await grown(mask, width, height, grow);
  const soft = await sharp(inner, { raw: { width, height, channels: 1 } })
    .blur(feather)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const outer = await grown(mask, width, height, reachOf(width, height));
  const weights = new Uint8Array(width * height);
  for (let pixel = 0; pixel < weights.length; pixel += 1) {
    weights[pixel] = outer[pixel] === 0 ? 0 : Math.max(soft[pixel]!, mask[pixel]!);
  }
  return weights;
}

/**
 * Lays an engine's result over its source through the mask (one-channel PNG, 255 = selected, the
 * source's size). A result of another size or shape (hosted models make a few fixed sizes) is
 * first scaled to cover the source and centred, so its pixels line up with the source's. Stored
 * losslessly (PNG) when the source is a PNG or the result has transparency (a cut-out); a JPEG or
 * WebP photo, already lossy, is stored as a JPEG of quality 95 without chroma subsampling, which
 * keeps what is outside the mask within a few levels of the source.
 */
export async function compositeWithinMask(source: Buffer, result: Buffer, maskPng: Buffer): Promise<CompositedImage> {
  const { format } = await sharp(source).metadata();
  const base = await sharp(source).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = base.info;
  const edited = await sharp(result).rotate().resize(width, height, { fit: 'cover', position: 'centre' }).ensureAlpha().raw().toBuffer();
  const mask = await sharp(maskPng).resize(width, height, { fit: 'fill', kernel: 'nearest' }).extractChannel(0).raw().toBuffer();
  const weights = await blendWeights(mask, width, height);
  // The source's pixels as they are; only those the mask reaches are blended (most are not).
  const out = Buffer.from(base.data);
  let transparent = false;
  for (let pixel = 0; pixel < weights.length; pixel += 1) {
    const weight = weights[pixel]!;
    if (weight === 0) continue;
    const offset = pixel * 4;
    const keep = 255 - weight;
    for (let channel = 0; channel < 4; channel += 1)
      out[offset + channel] = ((edited[offset + channel]! * weight + out[offset + channel]! * keep + 127) / 255) | 0;
    if (out[offset + 3]! < 255) transparent = true;
  }
  const image = sharp(out, { raw: { width, height, channels: 4 } });
  if (transparent || format === 'png') return { data: await image.png().toBuffer(), width, height, mimeType: 'image/png' };
  return {
    data: await image.removeAlpha().jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer(),
    width,
    height,
    mimeType: 'image/jpeg',
  };
}

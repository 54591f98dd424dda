import sharp from 'sharp';
import { greyBytes } from '../pixel-ops';
import { pipelineOf, toRaster, type Raster } from '../raster';

/** One-byte-per-pixel masks (0-255) and small helpers for moving them between sizes with libvips. */

export interface Plane {
  data: Uint8Array;
  width: number;
  height: number;
}

function planePipeline(plane: Plane) {
  return sharp(Buffer.from(plane.data.buffer, plane.data.byteOffset, plane.data.length), { raw: { width: plane.width, height: plane.height, channels: 1 } });
}

export async function resizePlaneTo(plane: Plane, width: number, height: number): Promise<Plane> {
  if (plane.width === width && plane.height === height) return plane;
  return { data: await greyBytes(planePipeline(plane).resize(width, height, { fit: 'fill' })), width, height };
}

export async function blurPlane(plane: Plane, sigma: number): Promise<Plane> {
  return { data: await greyBytes(planePipeline(plane).blur(Math.max(0.3, sigma))), width: plane.width, height: plane.height };
}

export async function resizeRaster(raster: Raster, width: number, height: number): Promise<Raster> {
  if (raster.width === width && raster.height === height) return raster;
  return toRaster(pipelineOf(raster).resize(width, height, { fit: 'fill' }));
}

/** The size of a picture scaled so its long side is at most `longSide`. */
export function scaledSize(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * What lies behind the person: the photo's colours where the mask says background, spread into
 * the person's area by normalised convolution (blur of colour × weight ÷ blur of weight). Used to
 * take the old background's tint out of translucent edge pixels, and as the clean plate that
 * "blur the background" blurs.
 */
export async function backgroundBehind(picture: Raster, alpha: Plane, sigma: number): Promise<Raster> {
  const { width, height } = picture;
  const weighted = Buffer.allocUnsafe(width * height * 3);
  const weight = new Uint8Array(width * height);
  for (let pixel = 0, index = 0; pixel < weight.length; pixel += 1, index += 3) {
    // Only sure background counts: edge pixels still carry some of the person.
    const background = alpha.data[pixel]! < 40 ? 255 - alpha.data[pixel]! : 0;
    weight[pixel] = background;
    weighted[index] = (picture.data[index]! * background) / 255;
    weighted[index + 1] = (picture.data[index + 1]! * background) / 255;
    weighted[index + 2] = (picture.data[index + 2]! * background) / 255;
  }
  const blurredColour = await toRaster(pipelineOf({ data: weighted, width, height }).blur(sigma));
  const blurredWeight = await blurPlane({ data: weight, width, height }, sigma);
  // Where the person is wider than the blur, look further.
  const wide = await blurPlane({ data: weight, width, height }, sigma * 4);
  const wideColour = await toRaster(pipelineOf({ data: weighted, width, height }).blur(sigma * 4));
  const data = Buffer.allocUnsafe(width * height * 3);
  for (let pixel = 0, index = 0; pixel < weight.length; pixel += 1, index += 3) {
    const near = blurredWeight.data[pixel]!;
    const far = wide.data[pixel]!;
    const [source, amount] = near >= 8 ? [blurredColour.data, near] : [wideColour.data, Math.max(1, far)];
    data[index] = Math.min(255, (source[index]! * 255) / amount);
    data[index + 1] = Math.min(255, (source[index + 1]! * 255) / amount);
    data[index + 2] = Math.min(255, (source[index + 2]! * 255) / amount);
  }
  return { data, width, height };
}

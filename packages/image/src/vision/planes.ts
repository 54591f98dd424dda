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
  return sharp(Buffer.from(plane.data.buffer, plane.data.byteOffset, plane.data.length), {
    raw: { width: plane.width, height: plane.height, channels: 1 },
  });
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

/**
 * A small picture enlarged bilinearly to width × height, handed out one row at a time: the full-size
 * enlargement is never held (a 12-megapixel backdrop would be 36 MB), and the arithmetic is a
 * third of what libvips' resize spends on the same enlargement. Each source row is widened once
 * and kept while the rows between it and the next are made. Rows are asked for top to bottom.
 */
export class EnlargedRows {
  private readonly columnLeft: Int32Array;
  private readonly columnRight: Int32Array;
  private readonly columnWeight: Float32Array;
  private upper: Float32Array;
  private lower: Float32Array;
  private upperRow = -1;
  private lowerRow = -1;
  private readonly out: Float32Array;

  constructor(
    private readonly small: Raster,
    readonly width: number,
    readonly height: number,
  ) {
    this.columnLeft = new Int32Array(width);
    this.columnRight = new Int32Array(width);
    this.columnWeight = new Float32Array(width);
    for (let x = 0; x < width; x += 1) {
      const source = Math.max(0, Math.min(small.width - 1, ((x + 0.5) * small.width) / width - 0.5));
      const left = Math.floor(source);
      this.columnLeft[x] = left * 3;
      this.columnRight[x] = Math.min(small.width - 1, left + 1) * 3;
      this.columnWeight[x] = source - left;
    }
    this.upper = new Float32Array(width * 3);
    this.lower = new Float32Array(width * 3);
    this.out = new Float32Array(width * 3);
  }

  /** Row `y` of the enlargement, RGB (0-255, not rounded); valid until the next call. */
  row(y: number): Float32Array {
    const source = Math.max(0, Math.min(this.small.height - 1, ((y + 0.5) * this.small.height) / this.height - 0.5));
    const top = Math.floor(source);
    const bottom = Math.min(this.small.height - 1, top + 1);
    const weight = source - top;
    if (top !== this.upperRow) {
      if (top === this.lowerRow) {
        [this.upper, this.lower] = [this.lower, this.upper];
        this.upperRow = top;
        this.lowerRow = -1;
      } else {
        this.widen(top, this.upper);
        this.upperRow = top;
      }
    }
    if (bottom !== this.lowerRow) {
      this.widen(bottom, this.lower);
      this.lowerRow = bottom;
    }
    const { upper, lower, out } = this;
    for (let index = 0; index < out.length; index += 1) out[index] = upper[index]! + (lower[index]! - upper[index]!) * weight;
    return out;
  }

  private widen(row: number, into: Float32Array): void {
    const data = this.small.data;
    const start = row * this.small.width * 3;
    for (let x = 0, index = 0; x < this.width; x += 1, index += 3) {
      const left = start + this.columnLeft[x]!;
      const right = start + this.columnRight[x]!;
      const t = this.columnWeight[x]!;
      into[index] = data[left]! + (data[right]! - data[left]!) * t;
      into[index + 1] = data[left + 1]! + (data[right + 1]! - data[left + 1]!) * t;
      into[index + 2] = data[left + 2]! + (data[right + 2]! - data[left + 2]!) * t;
    }
  }
}

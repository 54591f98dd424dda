import sharp, { type Sharp } from 'sharp';
import { pipelineOf, toRaster, type Raster } from './raster';
import { seededRandom } from './random';

/** The per-pixel building blocks the styles are made of. Loops are plain and allocation-free: 3 MP each pass. */

export type Rgb = readonly [number, number, number];

export function rgbFromHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function hexFromRgb([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** A 256-entry tone curve through the given (input, output) points, straight between them. */
export function curve(points: readonly (readonly [number, number])[]): Uint8Array {
  const lut = new Uint8Array(256);
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  for (let value = 0; value < 256; value += 1) {
    let upper = sorted.findIndex(([x]) => x >= value);
    if (upper === -1) upper = sorted.length - 1;
    const lower = Math.max(0, upper - 1);
    const [x0, y0] = sorted[lower]!;
    const [x1, y1] = sorted[upper]!;
    const t = x1 === x0 ? 0 : (value - x0) / (x1 - x0);
    lut[value] = Math.max(0, Math.min(255, Math.round(y0 + (y1 - y0) * Math.max(0, Math.min(1, t)))));
  }
  return lut;
}

/** Tone curves applied to each channel (one curve for all when only one is given). */
export function applyCurves(raster: Raster, red: Uint8Array, green: Uint8Array = red, blue: Uint8Array = red): Raster {
  const source = raster.data;
  const data = Buffer.allocUnsafe(source.length);
  for (let index = 0; index < source.length; index += 3) {
    data[index] = red[source[index]!]!;
    data[index + 1] = green[source[index + 1]!]!;
    data[index + 2] = blue[source[index + 2]!]!;
  }
  return { data, width: raster.width, height: raster.height };
}

export interface GradientStop {
  at: number;
  colour: Rgb;
}

/** Colours by brightness: dark pixels take the first stop's colour, bright ones the last (duotones, false colour). */
export function gradientMap(raster: Raster, stops: readonly GradientStop[]): Raster {
  const lut = gradientLut(stops);
  const source = raster.data;
  const data = Buffer.allocUnsafe(source.length);
  for (let index = 0; index < source.length; index += 3) {
    const luma = ((source[index]! * 77 + source[index + 1]! * 150 + source[index + 2]! * 29) >> 8) * 3;
    data[index] = lut[luma]!;
    data[index + 1] = lut[luma + 1]!;
    data[index + 2] = lut[luma + 2]!;
  }
  return { data, width: raster.width, height: raster.height };
}

export function gradientLut(stops: readonly GradientStop[]): Uint8Array {
  const lut = new Uint8Array(256 * 3);
  for (let value = 0; value < 256; value += 1) {
    const position = value / 255;
    let upper = stops.findIndex((stop) => stop.at >= position);
    if (upper === -1) upper = stops.length - 1;
    const lower = Math.max(0, upper - 1);
    const from = stops[lower]!;
    const to = stops[upper]!;
    const t = to.at === from.at ? 0 : Math.max(0, Math.min(1, (position - from.at) / (to.at - from.at)));
    for (let channel = 0; channel < 3; channel += 1)
      lut[value * 3 + channel] = Math.round(from.colour[channel]! + (to.colour[channel]! - from.colour[channel]!) * t);
  }
  return lut;
}

export type BlendMode = 'normal' | 'multiply' | 'screen' | 'overlay' | 'soft-light' | 'darken' | 'lighten';

function blendChannel(mode: BlendMode, base: number, top: number): number {
  switch (mode) {
    case 'normal':
      return top;
    case 'multiply':
      return (base * top) / 255;
    case 'screen':
      return 255 - ((255 - base) * (255 - top)) / 255;
    case 'overlay':
      return base < 128 ? (2 * base * top) / 255 : 255 - (2 * (255 - base) * (255 - top)) / 255;
    case 'soft-light': {
      const b = base / 255;
      const t = top / 255;
      return 255 * (t < 0.5 ? b - (1 - 2 * t) * b * (1 - b) : b + (2 * t - 1) * (Math.sqrt(b) - b));
    }
    case 'darken':
      return Math.min(base, top);
    case 'lighten':
      return Math.max(base, top);
  }
}

/** Photoshop-style layer blending of two rasters of the same size. */
export function blend(base: Raster, top: Raster, mode: BlendMode, opacity = 1): Raster {
  const data = Buffer.allocUnsafe(base.data.length);
  const table = new Uint8Array(256 * 256);
  for (let b = 0; b < 256; b += 1)
    for (let t = 0; t < 256; t += 1) table[b * 256 + t] = Math.round(b + (blendChannel(mode, b, t) - b) * opacity);
  for (let index = 0; index < data.length; index += 1) data[index] = table[base.data[index]! * 256 + top.data[index]!]!;
  return { data, width: base.width, height: base.height };
}

/** Darkens towards the corners; strength 0-1, radius where the fall-off starts (share of the half-diagonal). */
export function vignette(raster: Raster, strength: number, radius = 0.55, colour: Rgb = [0, 0, 0]): Raster {
  const { width, height } = raster;
  const data = Buffer.allocUnsafe(raster.data.length);
  const centreX = width / 2;
  const centreY = height / 2;
  const reach = Math.hypot(centreX, centreY);
  for (let y = 0; y < height; y += 1) {
    const dy = (y - centreY) ** 2;
    for (let x = 0; x < width; x += 1) {
      const distance = Math.sqrt((x - centreX) ** 2 + dy) / reach;
      const fall = distance <= radius ? 0 : Math.min(1, ((distance - radius) / (1 - radius)) ** 2) * strength;
      const index = (y * width + x) * 3;
      data[index] = raster.data[index]! + (colour[0] - raster.data[index]!) * fall;
      data[index + 1] = raster.data[index + 1]! + (colour[1] - raster.data[index + 1]!) * fall;
      data[index + 2] = raster.data[index + 2]! + (colour[2] - raster.data[index + 2]!) * fall;
    }
  }
  return { data, width, height };
}

const NOISE_TABLE_SIZE = 1 << 16;
let noiseTable: Float32Array | undefined;

/** Triangular noise in -1..1, drawn once: rows read it from random offsets, which is as random to the eye and far cheaper per pixel. */
function noise(): Float32Array {
  if (!noiseTable) {
    const random = seededRandom(0x5eed);
    noiseTable = new Float32Array(NOISE_TABLE_SIZE);
    for (let index = 0; index < NOISE_TABLE_SIZE; index += 1) noiseTable[index] = random() + random() - 1;
  }
  return noiseTable;
}

/** Film grain: the same noise on all channels (monochrome) unless colour noise is asked for. */
export function addGrain(raster: Raster, amount: number, seed: number, colourNoise = false): Raster {
  const random = seededRandom(seed);
  const table = noise();
  const mask = NOISE_TABLE_SIZE - 1;
  const data = Buffer.allocUnsafe(raster.data.length);
  const third = Math.floor(NOISE_TABLE_SIZE / 3);
  for (let y = 0; y < raster.height; y += 1) {
    const offset = Math.floor(random() * NOISE_TABLE_SIZE);
    const rowStart = y * raster.width * 3;
    for (let x = 0; x < raster.width; x += 1) {
      const index = rowStart + x * 3;
      const grain = table[(offset + x) & mask]! * amount;
      data[index] = clamp(raster.data[index]! + grain);
      data[index + 1] = clamp(raster.data[index + 1]! + (colourNoise ? table[(offset + x + third) & mask]! * amount : grain));
      data[index + 2] = clamp(raster.data[index + 2]! + (colourNoise ? table[(offset + x + 2 * third) & mask]! * amount : grain));
    }
  }
  return { data, width: raster.width, height: raster.height };
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}

export function posterizeLut(levels: number): Uint8Array {
  const lut = new Uint8Array(256);
  const step = 255 / (levels - 1);
  for (let value = 0; value < 256; value += 1) lut[value] = Math.round(Math.round(value / step) * step);
  return lut;
}

/** Mixes by a per-pixel weight (0-255): 255 takes the second raster. */
export function mixByMask(first: Raster, second: Raster, mask: Uint8Array): Raster {
  const data = Buffer.allocUnsafe(first.data.length);
  for (let pixel = 0, index = 0; pixel < mask.length; pixel += 1, index += 3) {
    const weight = mask[pixel]! / 255;
    data[index] = first.data[index]! + (second.data[index]! - first.data[index]!) * weight;
    data[index + 1] = first.data[index + 1]! + (second.data[index + 1]! - first.data[index + 1]!) * weight;
    data[index + 2] = first.data[index + 2]! + (second.data[index + 2]! - first.data[index + 2]!) * weight;
  }
  return { data, width: first.width, height: first.height };
}

/** Single-band output of a sharp pipeline, for luma-only work. */
export async function greyBytes(pipeline: Sharp): Promise<Uint8Array> {
  const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return new Uint8Array(data.buffer, data.byteOffset, data.length);
  const grey = new Uint8Array(info.width * info.height);
  for (let pixel = 0; pixel < grey.length; pixel += 1) grey[pixel] = data[pixel * info.channels]!;
  return grey;
}

const SOBEL_X = [-1, 0, 1, -2, 0, 2, -1, 0, 1];
const SOBEL_Y = [-1, -2, -1, 0, 0, 0, 1, 2, 1];

/**
 * Edge strength 0-255 from two Sobel convolutions (sharp's convolve keeps the sign around an
 * offset of 128), after a blur that sets how fine the edges are.
 */
export async function edgeMagnitude(raster: Raster, blurSigma: number, gain = 1): Promise<Uint8Array> {
  const edges = await rawEdgeMagnitude(raster, blurSigma);
  // Levelled so the strongest few percent are full strength: the same look on soft and busy photos, at any size.
  const histogram = new Uint32Array(256);
  for (const value of edges) histogram[value]! += 1;
  let seen = 0;
  let level = 255;
  for (let value = 255; value > 0; value -= 1) {
    seen += histogram[value]!;
    if (seen >= edges.length * 0.04) {
      level = value;
      break;
    }
  }
  const factor = Math.min(8, 230 / Math.max(level, 6)) * gain;
  for (let pixel = 0; pixel < edges.length; pixel += 1) edges[pixel] = Math.min(255, edges[pixel]! * factor);
  return edges;
}

async function rawEdgeMagnitude(raster: Raster, blurSigma: number): Promise<Uint8Array> {
  if (blurSigma >= 2.4 && raster.width >= 64 && raster.height >= 64) {
    // Thick lines carry no fine detail: find them at half size, a quarter of the work, and enlarge the result.
    const half = await toRaster(pipelineOf(raster).resize(Math.round(raster.width / 2), Math.round(raster.height / 2), { fit: 'fill' }));
    const edges = await rawEdgeMagnitude(half, blurSigma / 2);
    return greyBytes(
      sharp(Buffer.from(edges.buffer, edges.byteOffset, edges.length), {
        raw: { width: half.width, height: half.height, channels: 1 },
      }).resize(raster.width, raster.height, { fit: 'fill' }),
    );
  }
  const softened = await pipelineOf(raster).greyscale().blur(Math.max(0.3, blurSigma)).raw().toBuffer({ resolveWithObject: true });
  const convolved = (kernel: number[]) =>
    greyBytes(
      sharp(softened.data, { raw: { width: raster.width, height: raster.height, channels: softened.info.channels } }).convolve({
        width: 3,
        height: 3,
        kernel,
        scale: 8,
        offset: 128,
      }),
    );
  const [horizontal, vertical] = await Promise.all([convolved(SOBEL_X), convolved(SOBEL_Y)]);
  const edges = new Uint8Array(raster.width * raster.height);
  for (let pixel = 0; pixel < edges.length; pixel += 1) {
    const gx = horizontal[pixel]! - 128;
    const gy = vertical[pixel]! - 128;
    edges[pixel] = Math.min(255, Math.sqrt(gx * gx + gy * gy) * 4);
  }
  return edges;
}

export interface ColourAdjustment {
  /** 1 keeps colours; 0 is grey; above 1 is more vivid. */
  saturation?: number;
  /** Multiplies every channel. */
  brightness?: number;
  /** Around mid-grey: 1 keeps, above 1 is punchier. */
  contrast?: number;
}

/** Saturation, brightness and contrast in one pass (sharp's modulate works in LCh, which is several times slower). */
export function adjustColour(raster: Raster, { saturation = 1, brightness = 1, contrast = 1 }: ColourAdjustment): Raster {
  const source = raster.data;
  const data = Buffer.allocUnsafe(source.length);
  for (let index = 0; index < source.length; index += 3) {
    const r = source[index]!;
    const g = source[index + 1]!;
    const b = source[index + 2]!;
    const luma = (r * 77 + g * 150 + b * 29) / 256;
    data[index] = clamp(((luma + (r - luma) * saturation) * brightness - 128) * contrast + 128);
    data[index + 1] = clamp(((luma + (g - luma) * saturation) * brightness - 128) * contrast + 128);
    data[index + 2] = clamp(((luma + (b - luma) * saturation) * brightness - 128) * contrast + 128);
  }
  return { data, width: raster.width, height: raster.height };
}

/** Stretches brightness so the darkest and brightest half-percent reach black and white. */
export function stretchContrast(raster: Raster, clip = 0.005): Raster {
  const histogram = new Uint32Array(256);
  const source = raster.data;
  for (let index = 0; index < source.length; index += 3)
    histogram[(source[index]! * 77 + source[index + 1]! * 150 + source[index + 2]! * 29) >> 8]! += 1;
  const pixels = raster.width * raster.height;
  let low = 0;
  for (let seen = 0; low < 255 && seen + histogram[low]! <= pixels * clip; low += 1) seen += histogram[low]!;
  let high = 255;
  for (let seen = 0; high > 0 && seen + histogram[high]! <= pixels * clip; high -= 1) seen += histogram[high]!;
  if (high - low < 8) return raster;
  return applyCurves(
    raster,
    curve([
      [low, 0],
      [high, 255],
    ]),
  );
}

/**
 * A Gaussian blur of any radius in near-constant time: wide blurs run on a reduced copy (a wide blur
 * has no fine detail to lose) and are enlarged again.
 */
export async function softBlur(raster: Raster, sigma: number): Promise<Raster> {
  if (sigma <= 3) return toRaster(pipelineOf(raster).blur(Math.max(0.3, sigma)));
  const factor = Math.min(Math.floor(sigma / 1.5), Math.floor(Math.min(raster.width, raster.height) / 8)) || 1;
  const small = await toRaster(
    pipelineOf(raster).resize(Math.max(1, Math.round(raster.width / factor)), Math.max(1, Math.round(raster.height / factor)), {
      fit: 'fill',
    }),
  );
  const blurred = await toRaster(pipelineOf(small).blur(Math.max(0.3, sigma / factor)));
  return toRaster(pipelineOf(blurred).resize(raster.width, raster.height, { fit: 'fill', kernel: 'cubic' }));
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rgbToHsl } from '../src/colours';

/**
 * Shared by the engine's tests and benchmarks: the repository's fixture photos (fixtures/ at its
 * root, with their licences) and ways to measure a picture.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');

export interface FixturePhoto {
  name: string;
  data: Buffer;
}

function photosIn(folder: string): FixturePhoto[] {
  const directory = path.join(FIXTURES, folder);
  return readdirSync(directory)
    .filter((file) => /\.(jpe?g|png|webp)$/i.test(file))
    .sort()
    .map((file) => ({ name: `${folder}/${file}`, data: readFileSync(path.join(directory, file)) }));
}

/** Every photo in fixtures/photos (EXIF orientations 1, 3, 6, 8) and fixtures/people. */
export function fixturePhotos(): FixturePhoto[] {
  return [...photosIn('photos'), ...photosIn('people')];
}

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

/** Width and height as the photo is meant to be seen (EXIF orientation applied). */
export async function uprightSize(data: Buffer): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(data).metadata();
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

export async function decodePixels(data: Buffer, maxSide?: number): Promise<Pixels> {
  let pipeline = sharp(data).rotate();
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside' });
  const { data: pixels, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data: pixels, width: info.width, height: info.height };
}

/** Share of pixels (in a region given as fractions of the picture) that are clearly of a hue range. */
export function hueShare(pixels: Pixels, hueFrom: number, hueTo: number, region = { top: 0, bottom: 1 }, minSaturation = 0.25): number {
  const hsl = new Float64Array(3);
  let inRange = 0;
  let total = 0;
  const firstRow = Math.floor(pixels.height * region.top);
  const lastRow = Math.floor(pixels.height * region.bottom);
  for (let y = firstRow; y < lastRow; y += 1) {
    for (let x = 0; x < pixels.width; x += 1) {
      const index = (y * pixels.width + x) * 3;
      rgbToHsl(pixels.data[index]!, pixels.data[index + 1]!, pixels.data[index + 2]!, hsl);
      total += 1;
      if (hsl[1]! < minSaturation || hsl[2]! < 0.1 || hsl[2]! > 0.92) continue;
      const hue = hsl[0]!;
      const within = hueFrom <= hueTo ? hue >= hueFrom && hue <= hueTo : hue >= hueFrom || hue <= hueTo;
      if (within) inRange += 1;
    }
  }
  return inRange / total;
}

export function meanBrightness(pixels: Pixels, region = { top: 0, bottom: 1 }): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(pixels.height * region.top); y < Math.floor(pixels.height * region.bottom); y += 1) {
    for (let x = 0; x < pixels.width; x += 1) {
      const index = (y * pixels.width + x) * 3;
      sum += (pixels.data[index]! * 77 + pixels.data[index + 1]! * 150 + pixels.data[index + 2]! * 29) / 256;
      count += 1;
    }
  }
  return sum / count;
}

/** Mean of each channel over a region. */
export function meanColour(pixels: Pixels, region = { top: 0, bottom: 1 }): [number, number, number] {
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = Math.floor(pixels.height * region.top); y < Math.floor(pixels.height * region.bottom); y += 1) {
    for (let x = 0; x < pixels.width; x += 1) {
      const index = (y * pixels.width + x) * 3;
      sums[0]! += pixels.data[index]!;
      sums[1]! += pixels.data[index + 1]!;
      sums[2]! += pixels.data[index + 2]!;
      count += 1;
    }
  }
  return [sums[0]! / count, sums[1]! / count, sums[2]! / count];
}

/** Mean absolute difference per channel value (0-255) of two same-sized pictures. */
export function meanDifference(first: Pixels, second: Pixels): number {
  let sum = 0;
  for (let index = 0; index < first.data.length; index += 1) sum += Math.abs(first.data[index]! - second.data[index]!);
  return sum / first.data.length;
}

/** Of the pixels in a region that were clearly of one hue range before, the share that is now in another. */
export function movedShare(
  before: Pixels,
  after: Pixels,
  from: [number, number],
  to: [number, number],
  region = { top: 0, bottom: 1 },
): { moved: number; considered: number } {
  const hsl = new Float64Array(3);
  const inRange = (hue: number, [low, high]: [number, number]) => (low <= high ? hue >= low && hue <= high : hue >= low || hue <= high);
  let considered = 0;
  let moved = 0;
  for (let y = Math.floor(before.height * region.top); y < Math.floor(before.height * region.bottom); y += 1) {
    for (let x = 0; x < before.width; x += 1) {
      const index = (y * before.width + x) * 3;
      rgbToHsl(before.data[index]!, before.data[index + 1]!, before.data[index + 2]!, hsl);
      if (hsl[1]! < 0.35 || hsl[2]! < 0.12 || hsl[2]! > 0.88 || !inRange(hsl[0]!, from)) continue;
      considered += 1;
      rgbToHsl(after.data[index]!, after.data[index + 1]!, after.data[index + 2]!, hsl);
      if (inRange(hsl[0]!, to)) moved += 1;
    }
  }
  return { moved: moved / Math.max(1, considered), considered };
}

/** A rectangle as fractions of a picture's width and height. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function boxPixels(pixels: Pixels, box: Box): number[] {
  const indices: number[] = [];
  for (let y = Math.floor(pixels.height * box.top); y < Math.floor(pixels.height * box.bottom); y += 1) {
    for (let x = Math.floor(pixels.width * box.left); x < Math.floor(pixels.width * box.right); x += 1)
      indices.push((y * pixels.width + x) * 3);
  }
  return indices;
}

/** Mean absolute difference per channel value (0-255) inside a box of two same-sized pictures. */
export function boxDifference(first: Pixels, second: Pixels, box: Box): number {
  let sum = 0;
  const indices = boxPixels(first, box);
  for (const index of indices)
    for (let channel = 0; channel < 3; channel += 1) sum += Math.abs(first.data[index + channel]! - second.data[index + channel]!);
  return sum / (indices.length * 3);
}

/** Of the clearly coloured pixels in a box, the share whose hue lies in a range. */
export function boxHueShare(pixels: Pixels, box: Box, [low, high]: [number, number]): number {
  const hsl = new Float64Array(3);
  let coloured = 0;
  let inRange = 0;
  for (const index of boxPixels(pixels, box)) {
    rgbToHsl(pixels.data[index]!, pixels.data[index + 1]!, pixels.data[index + 2]!, hsl);
    if (hsl[1]! < 0.3 || hsl[2]! < 0.1 || hsl[2]! > 0.9) continue;
    coloured += 1;
    const hue = hsl[0]!;
    if (low <= high ? hue >= low && hue <= high : hue >= low || hue <= high) inRange += 1;
  }
  return inRange / Math.max(1, coloured);
}

/**
 * Like boxDifference, after giving the second picture's box the first's mean in each channel: what
 * changed beyond an overall colour grade (a new background's light and colour on a face).
 */
export function boxDifferenceBeyondGrade(first: Pixels, second: Pixels, box: Box): number {
  const indices = boxPixels(first, box);
  const gains = [0, 1, 2].map((channel) => {
    let a = 0;
    let b = 0;
    for (const index of indices) {
      a += first.data[index + channel]!;
      b += second.data[index + channel]!;
    }
    return a / Math.max(1, b);
  });
  let sum = 0;
  for (const index of indices)
    for (let channel = 0; channel < 3; channel += 1)
      sum += Math.abs(first.data[index + channel]! - second.data[index + channel]! * gains[channel]!);
  return sum / (indices.length * 3);
}

/** Hand-drawn regions of a fixture photo (fixtures/outlines): each a list of polygons, points in percent of the picture. */
export type Outline = Record<string, [number, number][][]> & { photo: string };

export function outline(name: string): Outline {
  return JSON.parse(readFileSync(path.join(FIXTURES, 'outlines', name), 'utf8')) as Outline;
}

/** The pixel indices (pixel, not byte) inside any of the polygons, by even-odd scan of each pixel's centre. */
export function polygonPixels(polygons: readonly [number, number][][], width: number, height: number): number[] {
  const inside: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const py = ((y + 0.5) / height) * 100;
    for (let x = 0; x < width; x += 1) {
      const px = ((x + 0.5) / width) * 100;
      if (polygons.some((polygon) => contains(polygon, px, py))) inside.push(y * width + x);
    }
  }
  return inside;
}

function contains(polygon: readonly [number, number][], x: number, y: number): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

/** Share of the region's pixels (or, ofColoured, of those with a hue at all) whose hue is within `tolerance` degrees of `hue`; pixels too grey or dark to have a hue count against it. */
export function regionHueNear(
  pixels: Pixels,
  region: readonly number[],
  hue: number,
  tolerance = 25,
  minSaturation = 0.15,
  { ofColoured = false } = {},
): number {
  const hsl = new Float64Array(3);
  let near = 0;
  let coloured = 0;
  for (const pixel of region) {
    const index = pixel * 3;
    rgbToHsl(pixels.data[index]!, pixels.data[index + 1]!, pixels.data[index + 2]!, hsl);
    if (hsl[1]! < minSaturation || hsl[2]! < 0.04) continue;
    coloured += 1;
    const distance = Math.abs(((hsl[0]! - hue + 540) % 360) - 180);
    if (distance <= tolerance) near += 1;
  }
  return near / Math.max(1, ofColoured ? coloured : region.length);
}

/** Mean absolute difference per channel value (0-255) over the region's pixels of two same-sized pictures. */
export function regionDifference(first: Pixels, second: Pixels, region: readonly number[]): number {
  let sum = 0;
  for (const pixel of region)
    for (let channel = 0; channel < 3; channel += 1) sum += Math.abs(first.data[pixel * 3 + channel]! - second.data[pixel * 3 + channel]!);
  return sum / Math.max(1, region.length * 3);
}

/** An image's alpha channel (255 where it has none). */
export async function decodeAlpha(data: Buffer): Promise<{ alpha: Buffer; width: number; height: number }> {
  const { data: alpha, info } = await sharp(data).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  return { alpha, width: info.width, height: info.height };
}

/** A fixture photo with polygons (percent of the picture) painted over it in one flat colour, as a JPEG: a thing worn that the photo lacks. */
export async function withPainted(name: string, polygons: readonly [number, number][][], colour: string): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(fixture(name)).metadata();
  const shapes = polygons.map(
    (polygon) => `<polygon points="${polygon.map(([x, y]) => `${(x * width) / 100},${(y * height) / 100}`).join(' ')}" fill="${colour}"/>`,
  );
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${shapes.join('')}</svg>`;
  return sharp(fixture(name))
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

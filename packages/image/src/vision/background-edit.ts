import { type BackgroundChange } from '@photomuse/request-language';
import { namedColour, type NamedColour } from '../colours';
import { createRaster, pipelineOf, toRaster, type Raster } from '../raster';
import { renderScene } from '../scene/scene-render';
import { type PersonMask } from './person-mask';
import { backgroundBehind, blurPlane, EnlargedRows, resizePlaneTo, resizeRaster, scaledSize, type Plane } from './planes';

/**
 * Background edits that keep the person: a new scene, a studio colour, a blurred background
 * (portrait mode) or none at all (a transparent cut-out). The new background goes in behind
 * the person's translucent edge pixels too (the old background's share of each pixel is swapped
 * for the new one's), so hair shows no halo of the old wall; the person takes on a little of the
 * scene's colour and light, its light wraps round their edges, and they cast a soft shadow on it.
 */

export interface BackgroundResult {
  raster: Raster;
  /** Set for a cut-out: the person's mask, to be the alpha channel of a PNG. */
  alpha?: Uint8Array;
}

/** Side of the small copies the soft, smooth parts are worked out on (old background, light wrap, shadow). */
const SMALL_SIDE = 640;
/** Scenes are drawn at most this large and enlarged: they sit slightly out of focus behind the person anyway. */
const SCENE_MAX_SIDE = 1024;

/**
 * Full-size work is kept to what needs every pixel, in one pass written into `picture`'s own
 * pixels: the person over the new background, which is drawn small and enlarged a row at a time
 * as the pass reaches it (never held at full size); only the pixels near the person's outline,
 * where the mask is partial or the new light wraps round, get the careful treatment with the old
 * background's share swapped out. Everything smooth is worked out on 640-pixel copies and read
 * back by bilinear interpolation.
 */
export async function changeBackground(
  picture: Raster,
  person: PersonMask,
  change: BackgroundChange,
  seed: number,
): Promise<BackgroundResult> {
  const { width, height } = picture;
  const alpha: Plane = { data: person.alpha, width, height };
  // The copies the mask was refined on: the photo's colours as they were before any colour change made since only matter in the person's grade.
  const smallPicture = person.small.picture;
  const small = { width: smallPicture.width, height: smallPicture.height };
  const smallAlpha: Plane = { data: person.small.alpha, ...small };
  const behind = await backgroundBehind(smallPicture, smallAlpha, Math.max(2, SMALL_SIDE * 0.01));

  if (change.kind === 'remove') {
    const raster = picture;
    forEdgePixels(smallAlpha, width, height, (pixel, x, y) => cutOutPixel(raster, picture, alpha, behind, pixel, x, y));
    return { raster, alpha: person.alpha };
  }

  let backdropSmall: Raster;
  let matchStrength = 0;
  if (change.kind === 'blur') {
    backdropSmall = await toRaster(pipelineOf(behind).blur(Math.max(2, SMALL_SIDE * 0.012)));
  } else {
    const drawSize = scaledSize(width, height, SCENE_MAX_SIDE);
    let drawn =
      change.kind === 'scene' ? await renderScene(change.scene, drawSize, seed) : studioBackdrop(namedColour(change.colour.id), drawSize);
    drawn = await castShadow(drawn, await resizePlaneTo(smallAlpha, drawn.width, drawn.height), change.kind === 'scene' ? 0.3 : 0.18);
    // A touch of depth of field: the person is in focus, the scene a little behind them.
    if (change.kind === 'scene')
      drawn = await toRaster(pipelineOf(drawn).blur(Math.max(0.4, Math.max(drawn.width, drawn.height) * 0.0012)));
    backdropSmall = drawn;
    matchStrength = change.kind === 'scene' ? 0.3 : change.colour.id === 'white' ? 0 : 0.08;
  }
  const backdrop = new EnlargedRows(backdropSmall, width, height);
  const backdropAtSmall = await resizeRaster(backdropSmall, small.width, small.height);
  const gains = matchStrength > 0 ? colourMatch(smallPicture, smallAlpha, backdropAtSmall, matchStrength) : ([1, 1, 1] as const);
  const wrap = change.kind === 'blur' ? null : await lightWrap(smallAlpha, backdropAtSmall);

  // One pass over the full-size picture: the person, graded, over the new background; pixels near the outline get the careful treatment.
  // In place: each pixel reads only its own old colour before it is written, and the photo is not needed after (one 12 MP buffer less).
  const raster = picture;
  const edges = edgeCells(smallAlpha, wrap?.amount.data ?? null);
  const cellOfColumn = new Int32Array(width);
  for (let x = 0; x < width; x += 1) cellOfColumn[x] = Math.min(small.width - 1, Math.floor((x * small.width) / width));
  const [gainR, gainG, gainB] = gains;
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.min(small.height - 1, Math.floor((y * small.height) / height)) * small.width;
    const back = backdrop.row(y);
    for (let x = 0, pixel = y * width; x < width; x += 1, pixel += 1) {
      const a = alpha.data[pixel]!;
      const index = pixel * 3;
      const column = x * 3;
      if (edges[cellRow + cellOfColumn[x]!]) {
        edgePixel(raster, picture, alpha, behind, back, gains, wrap, pixel, x, y);
      } else if (a === 0) {
        // Stored bytes truncate: the half rounds.
        raster.data[index] = back[column]! + 0.5;
        raster.data[index + 1] = back[column + 1]! + 0.5;
        raster.data[index + 2] = back[column + 2]! + 0.5;
      } else {
        const t = a / 255;
        raster.data[index] = Math.min(255, picture.data[index]! * gainR * t + back[column]! * (1 - t));
        raster.data[index + 1] = Math.min(255, picture.data[index + 1]! * gainG * t + back[column + 1]! * (1 - t));
        raster.data[index + 2] = Math.min(255, picture.data[index + 2]! * gainB * t + back[column + 2]! * (1 - t));
      }
    }
  }
  return { raster };
}

/** Bilinear sample of a small raster (`out.length` channels) at full-size pixel (x, y). */
function sampleSmall(
  small: { data: Uint8Array; width: number; height: number },
  x: number,
  y: number,
  width: number,
  height: number,
  out: Float64Array,
): void {
  const channels = out.length;
  const sx = Math.max(0, Math.min(small.width - 1, ((x + 0.5) * small.width) / width - 0.5));
  const sy = Math.max(0, Math.min(small.height - 1, ((y + 0.5) * small.height) / height - 0.5));
  const left = Math.floor(sx);
  const top = Math.floor(sy);
  const right = Math.min(small.width - 1, left + 1);
  const bottom = Math.min(small.height - 1, top + 1);
  const tx = sx - left;
  const ty = sy - top;
  const topLeft = (top * small.width + left) * channels;
  const topRight = (top * small.width + right) * channels;
  const bottomLeft = (bottom * small.width + left) * channels;
  const bottomRight = (bottom * small.width + right) * channels;
  const data = small.data;
  for (let channel = 0; channel < channels; channel += 1) {
    const upper = data[topLeft + channel]! + (data[topRight + channel]! - data[topLeft + channel]!) * tx;
    const lower = data[bottomLeft + channel]! + (data[bottomRight + channel]! - data[bottomLeft + channel]!) * tx;
    out[channel] = upper + (lower - upper) * ty;
  }
}

/** The cells of the 640-pixel grid near the person's outline: where the mask is partial or the light wrap reaches (and their neighbours). */
function edgeCells(smallAlpha: Plane, wrapAmount: Uint8Array | null): Uint8Array {
  const { width: sw, height: sh, data } = smallAlpha;
  const flagged = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y += 1) {
    for (let x = 0; x < sw; x += 1) {
      const cell = y * sw + x;
      const value = data[cell]!;
      const edge = (value > 0 && value < 255) || (wrapAmount !== null && wrapAmount[cell]! > 2);
      if (!edge) continue;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1)
          if (x + dx >= 0 && x + dx < sw && y + dy >= 0 && y + dy < sh) flagged[(y + dy) * sw + x + dx] = 1;
    }
  }
  return flagged;
}

/** Calls `visit` for the full-size pixels of the flagged cells. */
function forEdgePixels(smallAlpha: Plane, width: number, height: number, visit: (pixel: number, x: number, y: number) => void): void {
  const { width: sw, height: sh } = smallAlpha;
  const flagged = edgeCells(smallAlpha, null);
  for (let cy = 0; cy < sh; cy += 1) {
    const y0 = Math.floor((cy * height) / sh);
    const y1 = Math.floor(((cy + 1) * height) / sh);
    for (let cx = 0; cx < sw; cx += 1) {
      if (!flagged[cy * sw + cx]) continue;
      const x0 = Math.floor((cx * width) / sw);
      const x1 = Math.floor(((cx + 1) * width) / sw);
      for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) visit(y * width + x, x, y);
    }
  }
}

const scratch = new Float64Array(3);
const scratchWrap = new Float64Array(3);
const scratchAmount = new Float64Array(1);

/** A cut-out's edge pixel: its own colour with the old background's share taken out. */
function cutOutPixel(out: Raster, picture: Raster, alpha: Plane, behind: Raster, pixel: number, x: number, y: number): void {
  const a = alpha.data[pixel]! / 255;
  if (a < 0.05 || a > 0.98) return;
  sampleSmall(behind, x, y, picture.width, picture.height, scratch);
  for (let channel = 0; channel < 3; channel += 1) {
    const index = pixel * 3 + channel;
    out.data[index] = Math.max(0, Math.min(255, scratch[channel]! + (picture.data[index]! - scratch[channel]!) / a));
  }
}

/**
 * An edge pixel over the new background. Observed = a·person + (1-a)·old background, so swapping
 * the background's share gives a·person + (1-a)·new; faint mask values far out are mostly the old
 * background's own texture, so they fade to the new background instead. Then the new light wraps
 * round the edge.
 */
function edgePixel(
  out: Raster,
  picture: Raster,
  alpha: Plane,
  behind: Raster,
  /** The new background's row `y`. */
  backdrop: Float32Array,
  gains: readonly [number, number, number],
  wrap: { amount: Plane; colour: Raster } | null,
  pixel: number,
  x: number,
  y: number,
): void {
  const a = alpha.data[pixel]! / 255;
  if (a === 0) {
    for (let channel = 0; channel < 3; channel += 1) out.data[pixel * 3 + channel] = backdrop[x * 3 + channel]! + 0.5;
    return;
  }
  const weight = a <= 0.06 ? 0 : a >= 0.4 ? 1 : ((a - 0.06) / 0.34) ** 2;
  sampleSmall(behind, x, y, picture.width, picture.height, scratch);
  let wrapAmount = 0;
  if (wrap) {
    sampleSmall(wrap.amount, x, y, picture.width, picture.height, scratchAmount);
    wrapAmount = (scratchAmount[0]! / 255) * 0.55;
    if (wrapAmount > 0) sampleSmall(wrap.colour, x, y, picture.width, picture.height, scratchWrap);
  }
  for (let channel = 0; channel < 3; channel += 1) {
    const index = pixel * 3 + channel;
    const next = backdrop[x * 3 + channel]!;
    const swapped = picture.data[index]! * gains[channel]! + (1 - a) * (next - scratch[channel]! * gains[channel]!);
    let value = next + (swapped - next) * weight;
    if (wrapAmount > 0) value += (scratchWrap[channel]! - value) * wrapAmount;
    out.data[index] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
}

/** A studio backdrop in one colour: a little lighter behind the subject, a little darker at the edges. White stays pure white. */
function studioBackdrop(colour: NamedColour, size: { width: number; height: number }): Raster {
  if (colour.id === 'white') return createRaster(size.width, size.height, [255, 255, 255]);
  const raster = createRaster(size.width, size.height);
  const [r, g, b] = colour.rgb;
  const reach = Math.hypot(size.width / 2, size.height * 0.6);
  for (let y = 0; y < size.height; y += 1) {
    for (let x = 0; x < size.width; x += 1) {
      const distance = Math.hypot(x - size.width / 2, y - size.height * 0.4) / reach;
      const light = 1.1 - 0.28 * distance * distance;
      const index = (y * size.width + x) * 3;
      raster.data[index] = Math.min(255, r * light);
      raster.data[index + 1] = Math.min(255, g * light);
      raster.data[index + 2] = Math.min(255, b * light);
    }
  }
  return raster;
}

/**
 * The person's shadow on the new background: their silhouette shifted down a little and blurred
 * wide (light from above and in front), plus a contact shadow under them when their lowest point
 * is inside the picture (a whole figure standing on the ground).
 */
async function castShadow(scene: Raster, alpha: Plane, strength: number): Promise<Raster> {
  const { width, height } = scene;
  const shifted = new Uint8Array(width * height);
  const drop = Math.round(height * 0.02);
  const side = Math.round(width * 0.012);
  for (let y = drop; y < height; y += 1) {
    for (let x = Math.max(0, side); x < width; x += 1) shifted[y * width + x] = alpha.data[(y - drop) * width + (x - side)]!;
  }
  const contact = contactShadow(alpha);
  if (contact) {
    for (
      let y = Math.max(0, Math.floor(contact.y - contact.radiusY));
      y < Math.min(height, Math.ceil(contact.y + contact.radiusY));
      y += 1
    ) {
      for (
        let x = Math.max(0, Math.floor(contact.x - contact.radiusX));
        x < Math.min(width, Math.ceil(contact.x + contact.radiusX));
        x += 1
      ) {
        const dx = (x - contact.x) / contact.radiusX;
        const dy = (y - contact.y) / contact.radiusY;
        const inside = 1 - (dx * dx + dy * dy);
        if (inside > 0) shifted[y * width + x] = Math.max(shifted[y * width + x]!, Math.min(255, inside * 400));
      }
    }
  }
  const shadow = await blurPlane({ data: shifted, width, height }, Math.max(width, height) * 0.02);
  const data = Buffer.allocUnsafe(scene.data.length);
  for (let pixel = 0, index = 0; pixel < shadow.data.length; pixel += 1, index += 3) {
    const keep = 1 - (strength * shadow.data[pixel]!) / 255;
    data[index] = scene.data[index]! * keep;
    data[index + 1] = scene.data[index + 1]! * keep;
    data[index + 2] = scene.data[index + 2]! * keep;
  }
  return { data, width, height };
}

/** Where a whole figure stands: the middle of their lowest rows, if those are clear of the bottom edge. */
function contactShadow(alpha: Plane): { x: number; y: number; radiusX: number; radiusY: number } | null {
  const { width, height, data } = alpha;
  let lowest = -1;
  for (let y = height - 1; y >= 0 && lowest < 0; y -= 1) {
    let count = 0;
    for (let x = 0; x < width; x += 1) if (data[y * width + x]! > 128) count += 1;
    if (count > width * 0.01) lowest = y;
  }
  if (lowest < 0 || lowest > height * 0.96) return null;
  let left = width;
  let right = 0;
  for (let y = Math.max(0, lowest - Math.round(height * 0.03)); y <= lowest; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[y * width + x]! > 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { x: (left + right) / 2, y: lowest, radiusX: Math.max(width * 0.04, (right - left) * 0.75), radiusY: Math.max(3, height * 0.02) };
}

/**
 * Channel gains that move the person part of the way towards the new background's colour and
 * brightness (a sunset warms them, a night scene darkens them), as a photographer's grade would.
 */
function colourMatch(picture: Raster, alpha: Plane, backdrop: Raster, strength: number): [number, number, number] {
  const person = [0, 0, 0];
  const scene = [0, 0, 0];
  let personWeight = 0;
  for (let pixel = 0, index = 0; pixel < alpha.data.length; pixel += 1, index += 3) {
    const a = alpha.data[pixel]! / 255;
    for (let channel = 0; channel < 3; channel += 1) {
      person[channel]! += picture.data[index + channel]! * a;
      scene[channel]! += backdrop.data[index + channel]!;
    }
    personWeight += a;
  }
  const pixels = alpha.data.length;
  const personMean = person.map((sum) => sum / Math.max(1, personWeight) + 16);
  const sceneMean = scene.map((sum) => sum / pixels + 16);
  const luma = (rgb: number[]) => 0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]!;
  const brightness = Math.max(0.8, Math.min(1.12, (luma(sceneMean) / luma(personMean)) ** (strength * 0.6)));
  const tint = sceneMean.map((value, channel) => value / luma(sceneMean) / (personMean[channel]! / luma(personMean)));
  return [0, 1, 2].map((channel) => brightness * tint[channel]! ** strength) as [number, number, number];
}

/** Light of the new background spilling round the person's edges: a band just inside the outline, and the backdrop's blurred colours there (both at the small size). */
async function lightWrap(alpha: Plane, backdrop: Raster): Promise<{ amount: Plane; colour: Raster }> {
  const inverse = new Uint8Array(alpha.data.length);
  for (let pixel = 0; pixel < inverse.length; pixel += 1) inverse[pixel] = 255 - alpha.data[pixel]!;
  const spread = await blurPlane({ data: inverse, width: alpha.width, height: alpha.height }, Math.max(alpha.width, alpha.height) * 0.008);
  const band = new Uint8Array(alpha.data.length);
  for (let pixel = 0; pixel < band.length; pixel += 1) band[pixel] = (alpha.data[pixel]! * spread.data[pixel]!) / 255;
  const colour = await toRaster(pipelineOf(backdrop).blur(Math.max(1, Math.max(backdrop.width, backdrop.height) * 0.01)));
  return { amount: { data: band, width: alpha.width, height: alpha.height }, colour };
}

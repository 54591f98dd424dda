import { type NamedColour } from '../colours';
import { createRaster, pipelineOf, toRaster, type Raster } from '../raster';
import { renderScene } from '../scene/scene-render';
import { type SceneDescription } from '../scene/scene-words';
import { type PersonMask } from './person-mask';
import { backgroundBehind, blurPlane, resizePlaneTo, resizeRaster, scaledSize, type Plane } from './planes';

/**
 * Background edits that keep the person: a new scene, a studio colour, a blurred background
 * (portrait mode) or none at all (a transparent cut-out). The new background goes in behind
 * the person's translucent edge pixels too (the old background's share of each pixel is swapped
 * for the new one's), so hair shows no halo of the old wall; the person takes on a little of the
 * scene's colour and light, its light wraps round their edges, and they cast a soft shadow on it.
 */

export type BackgroundChange =
  | { kind: 'scene'; scene: SceneDescription }
  | { kind: 'colour'; colour: NamedColour }
  | { kind: 'blur' }
  | { kind: 'remove' };

export interface BackgroundResult {
  raster: Raster;
  /** Set for a cut-out: the person's mask, to be the alpha channel of a PNG. */
  alpha?: Uint8Array;
}

/** Side of the small copies the soft, smooth parts are worked out on (old background, light wrap, shadow). */
const SMALL_SIDE = 640;
/** Scenes are drawn at most this large and enlarged: they sit slightly out of focus behind the person anyway. */
const SCENE_MAX_SIDE = 1600;

export async function changeBackground(picture: Raster, person: PersonMask, change: BackgroundChange, seed: number): Promise<BackgroundResult> {
  const { width, height } = picture;
  const alpha: Plane = { data: person.alpha, width, height };
  const small = scaledSize(width, height, SMALL_SIDE);
  const smallPicture = await resizeRaster(picture, small.width, small.height);
  const smallAlpha = await resizePlaneTo(alpha, small.width, small.height);
  const behind = await backgroundBehind(smallPicture, smallAlpha, Math.max(2, SMALL_SIDE * 0.01));
  const oldBackground = await resizeRaster(behind, width, height);

  if (change.kind === 'remove') return { raster: cutOut(picture, alpha, oldBackground), alpha: person.alpha };

  let backdrop: Raster;
  let matchStrength = 0;
  if (change.kind === 'blur') {
    const blurred = await toRaster(pipelineOf(behind).blur(Math.max(2, SMALL_SIDE * 0.012)));
    backdrop = await resizeRaster(blurred, width, height);
  } else {
    const drawSize = scaledSize(width, height, SCENE_MAX_SIDE);
    let drawn = change.kind === 'scene' ? await renderScene(change.scene, drawSize, seed) : studioBackdrop(change.colour, drawSize);
    drawn = await castShadow(drawn, await resizePlaneTo(smallAlpha, drawn.width, drawn.height), change.kind === 'scene' ? 0.3 : 0.18);
    // A touch of depth of field: the person is in focus, the scene a little behind them.
    if (change.kind === 'scene') drawn = await toRaster(pipelineOf(drawn).blur(Math.max(0.4, Math.max(drawn.width, drawn.height) * 0.0012)));
    backdrop = await resizeRaster(drawn, width, height);
    matchStrength = change.kind === 'scene' ? 0.3 : change.colour.id === 'white' ? 0 : 0.08;
  }
  const toneCurves = matchStrength > 0 ? colourMatch(smallPicture, smallAlpha, await resizeRaster(backdrop, small.width, small.height), matchStrength) : null;
  const wrap = change.kind === 'blur' ? null : await lightWrap(smallAlpha, await resizeRaster(backdrop, small.width, small.height), width, height);
  return { raster: composite(picture, alpha, oldBackground, backdrop, toneCurves, wrap) };
}

/** The person alone: each pixel's own colour with the old background's share taken out. */
function cutOut(picture: Raster, alpha: Plane, oldBackground: Raster): Raster {
  const data = Buffer.allocUnsafe(picture.data.length);
  for (let pixel = 0, index = 0; pixel < alpha.data.length; pixel += 1, index += 3) {
    const a = alpha.data[pixel]! / 255;
    for (let channel = 0; channel < 3; channel += 1) {
      const observed = picture.data[index + channel]!;
      if (a < 0.05 || a > 0.98) {
        data[index + channel] = observed;
      } else {
        const behind = oldBackground.data[index + channel]!;
        data[index + channel] = Math.max(0, Math.min(255, behind + (observed - behind) / a));
      }
    }
  }
  return { data, width: picture.width, height: picture.height };
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
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
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
 * Tone curves that move the person part of the way towards the new background's colour and
 * brightness (a sunset warms them, a night scene darkens them), as a photographer's grade would.
 */
function colourMatch(picture: Raster, alpha: Plane, backdrop: Raster, strength: number): [Uint8Array, Uint8Array, Uint8Array] {
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
  return [0, 1, 2].map((channel) => {
    const gain = brightness * tint[channel]! ** strength;
    const lut = new Uint8Array(256);
    for (let value = 0; value < 256; value += 1) lut[value] = Math.max(0, Math.min(255, Math.round(value * gain)));
    return lut;
  }) as [Uint8Array, Uint8Array, Uint8Array];
}

/** Light of the new background spilling round the person's edges: a band just inside the outline, and the backdrop's blurred colours there. */
async function lightWrap(alpha: Plane, backdrop: Raster, width: number, height: number): Promise<{ amount: Uint8Array; colour: Raster }> {
  const inverse = new Uint8Array(alpha.data.length);
  for (let pixel = 0; pixel < inverse.length; pixel += 1) inverse[pixel] = 255 - alpha.data[pixel]!;
  const spread = await blurPlane({ data: inverse, width: alpha.width, height: alpha.height }, Math.max(alpha.width, alpha.height) * 0.008);
  const band = new Uint8Array(alpha.data.length);
  for (let pixel = 0; pixel < band.length; pixel += 1) band[pixel] = (alpha.data[pixel]! * spread.data[pixel]!) / 255;
  const colour = await toRaster(pipelineOf(backdrop).blur(Math.max(1, Math.max(backdrop.width, backdrop.height) * 0.01)));
  return { amount: (await resizePlaneTo({ data: band, width: alpha.width, height: alpha.height }, width, height)).data, colour: await resizeRaster(colour, width, height) };
}

function composite(
  picture: Raster,
  alpha: Plane,
  oldBackground: Raster,
  backdrop: Raster,
  toneCurves: [Uint8Array, Uint8Array, Uint8Array] | null,
  wrap: { amount: Uint8Array; colour: Raster } | null,
): Raster {
  const data = Buffer.allocUnsafe(picture.data.length);
  const identity = new Uint8Array(256).map((_, value) => value);
  const curves = toneCurves ?? [identity, identity, identity];
  for (let pixel = 0, index = 0; pixel < alpha.data.length; pixel += 1, index += 3) {
    const a = alpha.data[pixel]! / 255;
    // Faint mask values far out are mostly the old background's own texture: fade them out rather than keep their residue.
    const weight = a <= 0.06 ? 0 : a >= 0.4 ? 1 : ((a - 0.06) / 0.34) ** 2;
    const wrapAmount = wrap ? (wrap.amount[pixel]! / 255) * 0.55 : 0;
    for (let channel = 0; channel < 3; channel += 1) {
      const next = backdrop.data[index + channel]!;
      let value = next;
      if (weight > 0) {
        const curve = curves[channel]!;
        // Observed = a·person + (1-a)·old background, so swapping the background's share gives a·person + (1-a)·new.
        const swapped = curve[picture.data[index + channel]!]! + (1 - a) * (next - curve[oldBackground.data[index + channel]!]!);
        value = next + (swapped - next) * weight;
        if (wrapAmount > 0) value += (wrap!.colour.data[index + channel]! - value) * wrapAmount;
      }
      data[index + channel] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return { data, width: picture.width, height: picture.height };
}

import { type GarmentPart } from '@photomuse/request-language';
import { colourOfHue, hueDistance, namedColour, rgbToHsl, type NamedColour } from '../colours';
import { chromaDistance, learnChroma, type ChromaModel } from './chroma-model';
import { type Raster } from '../raster';
import { type Face } from './faces';
import { type PersonMask } from './person-mask';
import { BOX_SKIN_MODEL, type SkinModel } from './skin';

/**
 * Where a person's clothes are: the person mask, less their skin (skin model), less their head
 * (face box grown to take in hair), within the band of the body the named garment covers.
 */

/** 0-255 per pixel; null when the garment's part of the body is not in the picture. */
export function clothingRegion(picture: Raster, person: PersonMask, faces: readonly Face[], skin: SkinModel, part: GarmentPart): Uint8Array | null {
  const region = regionOf(picture, person, faces, skin, part);
  if (!region) return null;
  // A skin model that takes most of the garment too (face paint, clothes the colour of skin) is no help: the classic skin box is stricter.
  if (region.covered < region.area * 0.25) return regionOf(picture, person, faces, BOX_SKIN_MODEL, part)?.weights ?? null;
  return region.weights;
}

function regionOf(picture: Raster, person: PersonMask, faces: readonly Face[], skin: SkinModel, part: GarmentPart): { weights: Uint8Array; covered: number; area: number } | null {
  const { width, height, data } = picture;
  const face = faces.length > 0 ? faces.reduce((best, candidate) => ((candidate.right - candidate.left) > (best.right - best.left) ? candidate : best)) : null;
  const faceWidth = face ? face.right - face.left : 0;
  const faceHeight = face ? face.bottom - face.top : 0;
  // Without a face: the upper body is the lower part of the person, the head the top of it.
  const personTop = topOf(person);
  const chin = face ? face.bottom : personTop + (height - personTop) * 0.35;
  const waist = face ? chin + faceHeight * 3.2 : height;
  const brow = face ? Math.min(face.keypoints[0]![1], face.keypoints[1]![1]) - faceHeight * 0.12 : personTop + (height - personTop) * 0.12;
  const bands: Record<GarmentPart, [number, number]> = { upper: [chin, waist], lower: [waist - faceHeight * 0.3, height], head: [0, brow], whole: [chin, height] };
  const [from, to] = bands[part];
  if (from >= height - height * 0.05) return null;
  const ramp = Math.max(2, faceHeight * 0.15 || height * 0.02);
  const headX = face ? (face.left + face.right) / 2 : 0;
  const headY = face ? face.top + faceHeight * 0.35 : 0;
  const region = new Uint8Array(width * height);
  let covered = 0;
  let area = 0;
  for (let y = 0; y < height; y += 1) {
    const band = Math.min(1, Math.max(0, (y - from) / ramp + 0.5), Math.max(0, (to - y) / ramp + 0.5));
    if (band <= 0) continue;
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      const alpha = person.alpha[pixel]!;
      if (alpha === 0) continue;
      let head = 0;
      if (face) {
        // Below the head: the head with its hair is no garment (up and out for the hair, down only to the chin, so the collar stays).
        // A hat: the face itself is not the hat.
        const centreY = part === 'head' ? face.top + faceHeight * 0.5 : headY;
        const reachX = faceWidth * (part === 'head' ? 0.55 : 0.75);
        const reachY = part === 'head' ? faceHeight * 0.6 : y < centreY ? faceHeight * 0.95 : (face.bottom - centreY) * 1.05;
        const dx = (x - headX) / reachX;
        const dy = (y - centreY) / reachY;
        head = Math.max(0, Math.min(1, (1.15 - (dx * dx + dy * dy)) / 0.3));
      }
      const index = pixel * 3;
      const notSkin = 1 - skin.likelihood(data[index]!, data[index + 1]!, data[index + 2]!);
      const weight = alpha * band * notSkin * (1 - head);
      region[pixel] = weight;
      covered += weight;
      area += alpha * band * (1 - head);
    }
  }
  return area / 255 > width * height * 0.01 ? { weights: region, covered, area } : null;
}

function topOf(person: PersonMask): number {
  for (let y = 0; y < person.height; y += 1) {
    let count = 0;
    for (let x = 0; x < person.width; x += 1) if (person.alpha[y * person.width + x]! > 128) count += 1;
    if (count > person.width * 0.02) return y;
  }
  return 0;
}

export interface GarmentColour {
  colour: NamedColour;
  /** The garment's own hue, for chromatic colours. */
  hue?: number;
  /** The garment's own chroma, learnt from its pixels of that hue (chromatic colours). */
  chroma?: ChromaModel;
}

/**
 * The garment's main colour: the strongest hue of its saturated pixels when they are a real share
 * of it, otherwise white, grey or black, whichever covers most of it.
 */
export function garmentColour(picture: Raster, region: Uint8Array): GarmentColour {
  const bins = new Float64Array(36);
  const hsl = new Float64Array(3);
  let chromatic = 0;
  let total = 0;
  const greys = { white: 0, grey: 0, black: 0 };
  const lightnessOfBins = new Float64Array(36);
  const step = Math.max(1, Math.round(Math.sqrt((picture.width * picture.height) / 60_000)));
  for (let y = 0; y < picture.height; y += step) {
    for (let x = 0; x < picture.width; x += step) {
      const pixel = y * picture.width + x;
      const weight = region[pixel]! / 255;
      if (weight < 0.2) continue;
      const index = pixel * 3;
      rgbToHsl(picture.data[index]!, picture.data[index + 1]!, picture.data[index + 2]!, hsl);
      total += weight;
      if (hsl[1]! >= 0.28 && hsl[2]! > 0.1 && hsl[2]! < 0.9) {
        const bin = Math.floor(hsl[0]! / 10) % 36;
        bins[bin]! += weight;
        lightnessOfBins[bin]! += weight * hsl[2]!;
        chromatic += weight;
      } else if (hsl[2]! > 0.72) greys.white += weight;
      else if (hsl[2]! < 0.22) greys.black += weight;
      else greys.grey += weight;
    }
  }
  let best = 0;
  let bestWeight = -1;
  for (let bin = 0; bin < 36; bin += 1) {
    const weight = bins[(bin + 35) % 36]! * 0.5 + bins[bin]! + bins[(bin + 1) % 36]! * 0.5;
    if (weight > bestWeight) {
      best = bin;
      bestWeight = weight;
    }
  }
  // A pattern's colour counts even when whites and blacks are most of it (a red plaid is a red shirt), if it is one colour rather than a sprinkle of many.
  if (total > 0 && chromatic >= total * 0.08 && bestWeight >= chromatic * 0.5) {
    const hue = best * 10 + 5;
    const samples: [number, number, number][] = [];
    for (let y = 0; y < picture.height; y += step) {
      for (let x = 0; x < picture.width; x += step) {
        const pixel = y * picture.width + x;
        if (region[pixel]! < 128) continue;
        const index = pixel * 3;
        rgbToHsl(picture.data[index]!, picture.data[index + 1]!, picture.data[index + 2]!, hsl);
        if (hsl[1]! >= 0.28 && hueDistance(hsl[0]!, hue) <= 25) samples.push([picture.data[index]!, picture.data[index + 1]!, picture.data[index + 2]!]);
      }
    }
    return { colour: colourOfHue(hue, lightnessOfBins[best]! / Math.max(1e-9, bins[best]!)), hue, chroma: learnChroma(samples) ?? undefined };
  }
  const id = (Object.entries(greys) as [keyof typeof greys, number][]).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return { colour: namedColour(id) };
}

/**
 * The garment's colour region: of the clothing, the pixels near the garment's own chroma (so a
 * reddish neck shadow next to a red T-shirt stays skin-coloured).
 */
export function narrowToGarment(picture: Raster, region: Uint8Array, found: GarmentColour): Uint8Array {
  const model = found.chroma;
  if (!model) return region;
  const narrowed = new Uint8Array(region.length);
  for (let pixel = 0, index = 0; pixel < region.length; pixel += 1, index += 3) {
    if (region[pixel] === 0) continue;
    const distance = chromaDistance(model, picture.data[index]!, picture.data[index + 1]!, picture.data[index + 2]!);
    const likeness = distance <= 16 ? 1 : distance >= 36 ? 0 : (36 - distance) / 20;
    narrowed[pixel] = region[pixel]! * likeness;
  }
  return narrowed;
}

import { type Raster } from '../raster';
import { type Face } from './faces';
import { type PersonMask } from './person-mask';
import { type SkinModel } from './skin';

/**
 * Whether what is on top of a head is a hat or the person's own hair. Without a model of the
 * body's parts (none with a permissive licence ships in an npm package), the head's top is told
 * apart by its colour: hair on the crown is the hair seen beside the face, at the temples and in a
 * fringe over the brow, while a hat is of another stuff than the hair under it (a cream straw brim
 * over grey temples, a fur crown over a black fringe). On the fixture portraits the crown of a
 * bare head differs from the hair beside its face by at most 43 (RGB distance of the means) and a
 * hat by 88 and more; the line is drawn between them.
 */

/** RGB distance between the mean colours of the head's top and of the hair beside the face, above which the top is a hat. */
const HAT_COLOUR_DISTANCE = 65;
/** Hair pixels beside the face, as a share of the face box, below which no hair is seen there. */
const MIN_HAIR_SHARE = 0.0005;

interface Mean {
  weight: number;
  rgb: [number, number, number];
}

function meanOf(
  picture: Raster,
  from: { left: number; top: number; right: number; bottom: number },
  weightOf: (pixel: number) => number,
): Mean {
  const rgb: [number, number, number] = [0, 0, 0];
  let weight = 0;
  for (let y = Math.max(0, Math.floor(from.top)); y < Math.min(picture.height, from.bottom); y += 1) {
    for (let x = Math.max(0, Math.floor(from.left)); x < Math.min(picture.width, from.right); x += 1) {
      const pixel = y * picture.width + x;
      const w = weightOf(pixel);
      if (w <= 0) continue;
      weight += w;
      rgb[0] += w * picture.data[pixel * 3]!;
      rgb[1] += w * picture.data[pixel * 3 + 1]!;
      rgb[2] += w * picture.data[pixel * 3 + 2]!;
    }
  }
  return { weight, rgb: weight > 0 ? (rgb.map((sum) => sum / weight) as [number, number, number]) : rgb };
}

/**
 * True when the head-zone region (clothingRegion for a hat) is a hat rather than hair: its colour
 * differs from the hair beside the face. With no hair seen beside the face (a beanie down to the
 * ears, a shaved head) the region's own colour decides: skin is a bare head, anything else a hat.
 */
export function wearsHat(picture: Raster, person: PersonMask, face: Face, skin: SkinModel, region: Uint8Array): boolean {
  const { data, width, height } = picture;
  const faceWidth = face.right - face.left;
  const faceHeight = face.bottom - face.top;
  const skinAt = (pixel: number) => skin.likelihood(data[pixel * 3]!, data[pixel * 3 + 1]!, data[pixel * 3 + 2]!);
  // The region's mean colour, and how much of it is skin, in one pass over its pixels.
  const sums = [0, 0, 0];
  let regionWeight = 0;
  let skinWeight = 0;
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const weight = region[pixel]!;
    if (weight < 128) continue;
    regionWeight += weight;
    skinWeight += weight * skinAt(pixel);
    for (let channel = 0; channel < 3; channel += 1) sums[channel]! += weight * data[pixel * 3 + channel]!;
  }
  if (regionWeight === 0) return false;
  const top = sums.map((sum) => sum / regionWeight);
  // Hair, not skin, well inside the person: at the temples either side of the eyes, and in the strip over the brow.
  const hairWeight = (pixel: number) => (person.alpha[pixel]! >= 200 && skinAt(pixel) <= 0.5 ? 1 : 0);
  const beside = [
    { left: face.left - faceWidth * 0.3, top: face.top, right: face.left, bottom: face.top + faceHeight * 0.3 },
    { left: face.right, top: face.top, right: face.right + faceWidth * 0.3, bottom: face.top + faceHeight * 0.3 },
    { left: face.left + faceWidth * 0.2, top: face.top - faceHeight * 0.25, right: face.right - faceWidth * 0.2, bottom: face.top },
  ].map((box) => meanOf(picture, box, hairWeight));
  const hairWeightSum = beside.reduce((sum, mean) => sum + mean.weight, 0);
  if (hairWeightSum < faceWidth * faceHeight * MIN_HAIR_SHARE) return skinWeight < regionWeight * 0.5;
  const hair = [0, 1, 2].map((channel) => beside.reduce((sum, mean) => sum + mean.rgb[channel]! * mean.weight, 0) / hairWeightSum);
  const distance = Math.hypot(top[0]! - hair[0]!, top[1]! - hair[1]!, top[2]! - hair[2]!);
  return distance > HAT_COLOUR_DISTANCE;
}

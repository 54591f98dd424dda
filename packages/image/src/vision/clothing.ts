import { type GarmentPart } from '@photomuse/request-language';
import { colourOfHue, hueDistance, namedColour, rgbToHsl, type NamedColour } from '../colours';
import { chromaDistance, learnChroma, type ChromaModel } from './chroma-model';
import { type Raster } from '../raster';
import { type Face } from './faces';
import { type PersonMask } from './person-mask';
import { seen, type Keypoint, type Pose } from './pose';
import { BOX_SKIN_MODEL, type SkinModel } from './skin';

/**
 * Where a person's clothes are: the person mask, less their skin (skin model), less their head
 * (face box grown to take in hair), within the part of the body the named garment covers. That part
 * is placed by the body itself (bodyOf: the pose's shoulders, elbows, hips and ankles, and the face),
 * so a hat is looked for above the brow, a scarf round the neck and a jacket over the torso and arms,
 * never wherever some colour happens to be.
 */

/** 0-255 per pixel; null when the garment's part of the body is not in the picture. */
export function clothingRegion(
  picture: Raster,
  person: PersonMask,
  faces: readonly Face[],
  skin: SkinModel,
  part: GarmentPart,
  pose: Pose | null = null,
): Uint8Array | null {
  const body = bodyOf(picture, person, faces, pose);
  const region = regionOf(picture, person, body, skin, part);
  if (!region) return null;
  // A skin model that takes most of the garment too (face paint, clothes the colour of skin) is no help: the classic skin box is stricter.
  if (region.covered < region.area * 0.25) return regionOf(picture, person, body, BOX_SKIN_MODEL, part)?.weights ?? null;
  return region.weights;
}

function regionOf(
  picture: Raster,
  person: PersonMask,
  body: Body,
  skin: SkinModel,
  part: GarmentPart,
): { weights: Uint8Array; covered: number; area: number } | null {
  const { width, height, data } = picture;
  const { face } = body;
  const faceWidth = face ? face.right - face.left : 0;
  const faceHeight = face ? face.bottom - face.top : 0;
  const zone = zoneOf(body, part, width, height);
  if (zone.top >= height - height * 0.05 || zone.bottom <= zone.top) return null;
  const ramp = Math.max(2, body.unit * 0.1);
  const headX = face ? (face.left + face.right) / 2 : 0;
  const headY = face ? face.top + faceHeight * 0.35 : 0;
  const region = new Uint8Array(width * height);
  let covered = 0;
  let area = 0;
  const fromY = Math.max(0, Math.floor(zone.top - ramp));
  const toY = Math.min(height, Math.ceil(zone.bottom + ramp));
  // Only the zone's own columns and rows (with its soft edge): outside them every weight is 0.
  const fromX = Math.max(0, Math.floor(zone.left - ramp));
  const toX = Math.min(width, Math.ceil(zone.right + ramp));
  for (let y = fromY; y < toY; y += 1) {
    const band = Math.min(1, Math.max(0, (y - zone.top) / ramp + 0.5), Math.max(0, (zone.bottom - y) / ramp + 0.5));
    if (band <= 0) continue;
    for (let x = fromX; x < toX; x += 1) {
      const across = Math.min(1, Math.max(0, (x - zone.left) / ramp + 0.5), Math.max(0, (zone.right - x) / ramp + 0.5));
      if (across <= 0) continue;
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
      // Around a hat the only skin is the forehead and temples: elsewhere skin-coloured is the hat's own colour (straw, felt, fur).
      const notSkin =
        part === 'head' && !nearForehead(face, x, y) ? 1 : 1 - skin.likelihood(data[index]!, data[index + 1]!, data[index + 2]!);
      const weight = alpha * band * across * notSkin * (1 - head);
      region[pixel] = weight;
      covered += weight;
      area += alpha * band * across * (1 - head);
    }
  }
  return area / 255 > width * height * 0.004 ? { weights: region, covered, area } : null;
}

function nearForehead(face: Face | null, x: number, y: number): boolean {
  if (!face) return true;
  const width = face.right - face.left;
  const height = face.bottom - face.top;
  // The forehead above the box, and the temples and ears either side of it.
  return x > face.left - width * 0.35 && x < face.right + width * 0.35 && y > face.top - height * 0.4;
}

/** Where a body's parts are in the picture, in pixels. */
export interface Body {
  face: Face | null;
  /** The top of the head (hair included). */
  headTop: number;
  /** Just above the eyes: a hat sits above it. */
  brow: number;
  chin: number;
  /** The middle of the neck. */
  neckX: number;
  shoulderY: number;
  /** The distance between the shoulder joints. */
  shoulderWidth: number;
  hipY: number;
  /** Where the feet are, or the picture's bottom. */
  feetY: number;
  /** Left and right reach of the arms and torso (the pose's shoulders, elbows and wrists). */
  armsLeft: number;
  armsRight: number;
  /** Left and right reach of the legs. */
  legsLeft: number;
  legsRight: number;
  /** A length for soft edges: a tenth of the shoulders. */
  unit: number;
}

/**
 * The body from what was found. Measured on adults: the shoulder joints are about two face widths
 * apart and about half a face height below the chin; the hips are about one and a half shoulder
 * widths below the shoulders. A part the pose sees wins over these; without a face (a person seen
 * from behind) the pose's shoulders place the head.
 */
export function bodyOf(picture: Raster, person: PersonMask, faces: readonly Face[], pose: Pose | null): Body {
  const { width, height } = picture;
  const face =
    faces.length > 0
      ? faces.reduce((best, candidate) => (candidate.right - candidate.left > best.right - best.left ? candidate : best))
      : null;
  // Shoulders count when both are seen below the face (a close-up's pose is often a guess about parts out of the picture).
  const faceBottom = face ? face.bottom : -Infinity;
  const shoulders =
    pose && seen(pose.leftShoulder) && seen(pose.rightShoulder) && Math.min(pose.leftShoulder.y, pose.rightShoulder.y) > faceBottom
      ? [pose.leftShoulder, pose.rightShoulder]
      : null;
  const personTop = topOf(person);
  let faceWidth: number;
  let faceHeight: number;
  let centreX: number;
  let chin: number;
  let brow: number;
  if (face) {
    faceWidth = face.right - face.left;
    faceHeight = face.bottom - face.top;
    centreX = (face.left + face.right) / 2;
    chin = face.bottom;
    brow = Math.min(face.keypoints[0]![1], face.keypoints[1]![1]) - faceHeight * 0.12;
  } else if (shoulders) {
    const span = Math.abs(shoulders[0]!.x - shoulders[1]!.x);
    faceWidth = Math.max(span / 2, width * 0.01);
    faceHeight = faceWidth * 1.15;
    centreX = (shoulders[0]!.x + shoulders[1]!.x) / 2;
    chin = Math.min(shoulders[0]!.y, shoulders[1]!.y) - faceHeight * 0.45;
    brow = chin - faceHeight * 0.75;
  } else {
    // Neither a face nor shoulders: the upper body is the lower part of the person, the head the top of it.
    faceHeight = (height - personTop) * 0.3;
    faceWidth = faceHeight * 0.85;
    centreX = width / 2;
    chin = personTop + (height - personTop) * 0.35;
    brow = personTop + (height - personTop) * 0.12;
  }
  const shoulderWidth = shoulders ? Math.max(Math.abs(shoulders[0]!.x - shoulders[1]!.x), faceWidth * 1.2) : faceWidth * 2.1;
  const shoulderY = shoulders ? (shoulders[0]!.y + shoulders[1]!.y) / 2 : chin + faceHeight * 0.5;
  // A head turned aside sits off the shoulders' middle: the neck is between the two.
  const neckX = shoulders ? ((shoulders[0]!.x + shoulders[1]!.x) / 2 + centreX) / 2 : centreX;
  // Hips and feet well below the shoulders, or they are not hips and feet.
  const below = (least: number) => (point: Keypoint) => seen(point) && point.y > shoulderY + shoulderWidth * least;
  const hips = pose ? [pose.leftHip, pose.rightHip].filter(below(0.8)) : [];
  const hipY = hips.length > 0 ? hips.reduce((sum, point) => sum + point.y, 0) / hips.length : shoulderY + shoulderWidth * 1.5;
  const feet = pose ? [pose.leftAnkle, pose.rightAnkle].filter(below(2)) : [];
  const feetY = feet.length > 0 ? Math.max(...feet.map((point) => point.y)) + shoulderWidth * 0.25 : height;
  const arms = pose
    ? [pose.leftShoulder, pose.rightShoulder, pose.leftElbow, pose.rightElbow, pose.leftWrist, pose.rightWrist]
        .filter(seen)
        .map((point) => point.x)
    : [];
  const armsLeft = Math.min(neckX - shoulderWidth * 0.5, ...arms) - shoulderWidth * 0.45;
  const armsRight = Math.max(neckX + shoulderWidth * 0.5, ...arms) + shoulderWidth * 0.45;
  const legs = pose
    ? [pose.leftHip, pose.rightHip, pose.leftKnee, pose.rightKnee, pose.leftAnkle, pose.rightAnkle].filter(seen).map((point) => point.x)
    : [];
  const legsLeft = Math.min(neckX - shoulderWidth * 0.4, ...legs) - shoulderWidth * 0.45;
  const legsRight = Math.max(neckX + shoulderWidth * 0.4, ...legs) + shoulderWidth * 0.45;
  const headTop = Math.min(personTop, brow - faceHeight * 0.4);
  return {
    face,
    headTop,
    brow,
    chin,
    neckX,
    shoulderY,
    shoulderWidth,
    hipY,
    feetY,
    armsLeft,
    armsRight,
    legsLeft,
    legsRight,
    unit: Math.max(2, shoulderWidth * 0.1),
  };
}

interface Zone {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box each part of the body takes: a hat above the brow and as wide as a brim, a scarf round the neck and down the chest, a top over torso and arms to the hips. */
function zoneOf(body: Body, part: GarmentPart, width: number, height: number): Zone {
  const { shoulderWidth: shoulders } = body;
  const faceWidth = body.face ? body.face.right - body.face.left : shoulders / 2.1;
  const centreX = body.face ? (body.face.left + body.face.right) / 2 : body.neckX;
  switch (part) {
    case 'head':
      // Down to the eyes at the sides, where a brim comes down; the face and hair below the brow are left out by the head's own shape.
      return {
        left: centreX - faceWidth * 1.9,
        top: Math.max(0, body.headTop - faceWidth * 1.2),
        right: centreX + faceWidth * 1.9,
        bottom: body.face ? body.face.top + (body.face.bottom - body.face.top) * 0.45 : body.brow,
      };
    case 'neck':
      // Round the neck, about as wide as the face and a little more, down to the shoulders' joints: a collar beside it is the shirt's.
      return {
        left: body.neckX - Math.max(faceWidth * 0.8, shoulders * 0.3),
        top: body.chin - shoulders * 0.05,
        right: body.neckX + Math.max(faceWidth * 0.8, shoulders * 0.3),
        bottom: body.shoulderY + shoulders * 0.05,
      };
    case 'upper':
      return { left: body.armsLeft, top: body.chin, right: body.armsRight, bottom: Math.min(height, body.hipY + shoulders * 0.2) };
    case 'lower':
      return { left: body.legsLeft, top: body.hipY - shoulders * 0.15, right: body.legsRight, bottom: Math.min(height, body.feetY) };
    case 'whole':
      return {
        left: Math.min(body.armsLeft, body.legsLeft),
        top: body.chin,
        right: Math.max(body.armsRight, body.legsRight),
        bottom: Math.min(height, body.feetY),
      };
  }
  return { left: 0, top: 0, right: width, bottom: height };
}

function topOf(person: PersonMask): number {
  for (let y = 0; y < person.height; y += 1) {
    let count = 0;
    for (let x = 0; x < person.width; x += 1) if (person.alpha[y * person.width + x]! > 128) count += 1;
    if (count > person.width * 0.02) return y;
  }
  return 0;
}

/** Saturation (HSL) from which a garment's pixel has a colour of its own: denim, olive and mauve are about 0.2. */
const GARMENT_MIN_SATURATION = 0.15;

export interface GarmentColour {
  colour: NamedColour;
  /** The garment's own hue, for chromatic colours. */
  hue?: number;
  /** The garment's own chroma, learnt from its pixels of that hue (chromatic colours). */
  chroma?: ChromaModel;
}

/**
 * The garment's main colour: the hue that covers most of it when coloured pixels are a real share
 * of it, otherwise white, grey or black, whichever covers most of it. Only the garment's core
 * counts (pixels well inside the person and the body part), and a muted colour counts as a colour:
 * faded denim is blue, not grey, so a small bright strap across it does not pass for the jacket.
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
      // The core only: a soft edge of the person mask is partly the wall behind.
      if (weight < 0.85) continue;
      const index = pixel * 3;
      rgbToHsl(picture.data[index]!, picture.data[index + 1]!, picture.data[index + 2]!, hsl);
      total += weight;
      if (hsl[1]! >= GARMENT_MIN_SATURATION && hsl[2]! > 0.1 && hsl[2]! < 0.9) {
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
  // A pattern's colour counts even when whites and blacks are most of it (a red plaid is a red shirt), but a strap or a badge across a black shirt does not make it coloured.
  if (total > 0 && chromatic >= total * 0.15 && bestWeight >= chromatic * 0.4) {
    const hue = best * 10 + 5;
    const samples: [number, number, number][] = [];
    let sine = 0;
    let cosine = 0;
    for (let y = 0; y < picture.height; y += step) {
      for (let x = 0; x < picture.width; x += step) {
        const pixel = y * picture.width + x;
        if (region[pixel]! < 128) continue;
        const index = pixel * 3;
        rgbToHsl(picture.data[index]!, picture.data[index + 1]!, picture.data[index + 2]!, hsl);
        if (hsl[1]! >= GARMENT_MIN_SATURATION && hueDistance(hsl[0]!, hue) <= 25) {
          samples.push([picture.data[index]!, picture.data[index + 1]!, picture.data[index + 2]!]);
          sine += Math.sin((hsl[0]! * Math.PI) / 180);
          cosine += Math.cos((hsl[0]! * Math.PI) / 180);
        }
      }
    }
    // The samples' own mean hue (not the histogram bin's middle) names the colour: a teal polo is teal, not the blue next to it.
    const meanHue = samples.length > 0 ? ((Math.atan2(sine, cosine) * 180) / Math.PI + 360) % 360 : hue;
    return {
      colour: colourOfHue(meanHue, lightnessOfBins[best]! / Math.max(1e-9, bins[best]!)),
      hue: meanHue,
      chroma: learnChroma(samples) ?? undefined,
    };
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

import { pipelineOf, toRaster, type Raster } from '../raster';
import { applyGuidedCoefficients, guidedCoefficients } from './guided-filter';
import { runVision } from './vision-client';
import { SEGMENTATION_SIZE } from './vision-protocol';

/**
 * Where the people in a photo are, as an alpha mask at the photo's own resolution. MediaPipe's
 * selfie segmentation model gives a 256×256 probability map; it is refined with a colour guided
 * filter whose coefficients come from a 640 px copy of the photo and are applied at full size, so
 * the edge follows hair and shoulders rather than the model's coarse grid.
 */

export interface PersonMask {
  /** 0 (background) to 255 (person), one byte per pixel of the photo. */
  alpha: Uint8Array;
  width: number;
  height: number;
  /** Share of the photo covered by people (0-1). */
  coverage: number;
  /** The 640-pixel copy of the photo the mask was refined on, and the mask at that size: for work that needs no more. */
  small: { picture: Raster; alpha: Uint8Array };
}

/** Below this share of the picture, nobody is in it (a speck of false positives is not a person). */
export const MIN_PERSON_COVERAGE = 0.03;

const GUIDE_LONG_SIDE = 640;
/** Window radius of the filter, as a share of the guide's long side: wide enough to span the model's soft edge. */
const GUIDE_RADIUS_SHARE = 0.014;
/** Regularisation in (0-1 intensity)²: how strong a colour edge must be for the mask to follow it. */
const GUIDE_EPSILON = 4e-4;

/** Bilinear resampling of a probability map to another size. */
export function resizePlane(plane: Float32Array, width: number, height: number, toWidth: number, toHeight: number): Float32Array {
  const out = new Float32Array(toWidth * toHeight);
  for (let y = 0; y < toHeight; y += 1) {
    const sourceY = Math.max(0, Math.min(height - 1, ((y + 0.5) * height) / toHeight - 0.5));
    const top = Math.floor(sourceY);
    const bottom = Math.min(height - 1, top + 1);
    const wy = sourceY - top;
    for (let x = 0; x < toWidth; x += 1) {
      const sourceX = Math.max(0, Math.min(width - 1, ((x + 0.5) * width) / toWidth - 0.5));
      const left = Math.floor(sourceX);
      const right = Math.min(width - 1, left + 1);
      const wx = sourceX - left;
      const upper = plane[top * width + left]! + (plane[top * width + right]! - plane[top * width + left]!) * wx;
      const lower = plane[bottom * width + left]! + (plane[bottom * width + right]! - plane[bottom * width + left]!) * wx;
      out[y * toWidth + x] = upper + (lower - upper) * wy;
    }
  }
  return out;
}

/** The model's probabilities, firmed up: clear calls become 0 or 1 and only the uncertain band stays soft for the filter. */
function firm(probability: number): number {
  const t = Math.max(0, Math.min(1, (probability - 0.25) / 0.5));
  return t * t * (3 - 2 * t);
}

/** The photo at the guide's size (640 px on the long side): the one full-size pass the person finder and the face finder share. */
export function guideOf(picture: Raster): Promise<Raster> {
  const scale = Math.min(1, GUIDE_LONG_SIDE / Math.max(picture.width, picture.height));
  return toRaster(
    pipelineOf(picture).resize(Math.max(1, Math.round(picture.width * scale)), Math.max(1, Math.round(picture.height * scale)), {
      fit: 'fill',
    }),
  );
}

export async function findPerson(picture: Raster, guide?: Raster, signal?: AbortSignal): Promise<PersonMask> {
  guide ??= await guideOf(picture);
  const input = await toRaster(pipelineOf(guide).resize(SEGMENTATION_SIZE, SEGMENTATION_SIZE, { fit: 'fill' }));
  const { mask } = await runVision({ kind: 'segment', rgb: new Uint8Array(input.data) }, signal);
  const probabilities = resizePlane(mask, SEGMENTATION_SIZE, SEGMENTATION_SIZE, guide.width, guide.height).map(firm);
  const radius = Math.max(2, Math.round(Math.max(guide.width, guide.height) * GUIDE_RADIUS_SHARE));
  const coefficients = guidedCoefficients(guide, probabilities, radius, GUIDE_EPSILON);
  const smallAlpha = applyGuidedCoefficients(coefficients, guide);
  const alpha = applyGuidedCoefficients(coefficients, picture, smallAlpha);
  let sum = 0;
  for (let pixel = 0; pixel < smallAlpha.length; pixel += 1) sum += smallAlpha[pixel]!;
  return {
    alpha,
    width: picture.width,
    height: picture.height,
    coverage: sum / 255 / smallAlpha.length,
    small: { picture: guide, alpha: smallAlpha },
  };
}

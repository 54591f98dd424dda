/**
 * A colour model in chroma alone (Cb, Cr of YCbCr, so light and shadow do not matter): the mean
 * and covariance of sample pixels, and each pixel's Mahalanobis distance from them. The skin model
 * learns the face's skin with it; a garment's own colour is learnt the same way.
 */

export function chroma(r: number, g: number, b: number): [number, number] {
  return [128 - 0.168736 * r - 0.331264 * g + 0.5 * b, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b];
}

/** Fewer samples than this and there is too little to learn from. */
const MIN_SAMPLES = 50;
/** Chroma spread floor: JPEG noise alone is about this wide. */
const MIN_VARIANCE = 6;

export interface ChromaModel {
  meanB: number;
  meanR: number;
  inverseBB: number;
  inverseBR: number;
  inverseRR: number;
}

function fit(samples: readonly [number, number][]): ChromaModel | null {
  if (samples.length < MIN_SAMPLES) return null;
  let sumB = 0;
  let sumR = 0;
  for (const [cb, cr] of samples) {
    sumB += cb;
    sumR += cr;
  }
  const meanB = sumB / samples.length;
  const meanR = sumR / samples.length;
  let varB = 0;
  let varR = 0;
  let cov = 0;
  for (const [cb, cr] of samples) {
    varB += (cb - meanB) ** 2;
    varR += (cr - meanR) ** 2;
    cov += (cb - meanB) * (cr - meanR);
  }
  varB = Math.max(MIN_VARIANCE, varB / samples.length);
  varR = Math.max(MIN_VARIANCE, varR / samples.length);
  cov /= samples.length;
  const determinant = varB * varR - cov * cov;
  if (determinant <= 0) return null;
  return { meanB, meanR, inverseBB: varR / determinant, inverseBR: -cov / determinant, inverseRR: varB / determinant };
}

/** Squared distance in standard deviations. */
export function chromaDistance(model: ChromaModel, r: number, g: number, b: number): number {
  const [cb, cr] = chroma(r, g, b);
  const db = cb - model.meanB;
  const dr = cr - model.meanR;
  return db * db * model.inverseBB + 2 * db * dr * model.inverseBR + dr * dr * model.inverseRR;
}

/** Fitted twice: the second fit leaves out what the first calls an outlier (a strand of hair, a shadow). Null with too few samples. */
export function learnChroma(samples: readonly [number, number, number][]): ChromaModel | null {
  const rough = fit(samples.map(([r, g, b]) => chroma(r, g, b)));
  if (!rough) return null;
  return fit(samples.filter(([r, g, b]) => chromaDistance(rough, r, g, b) < 6).map(([r, g, b]) => chroma(r, g, b)));
}

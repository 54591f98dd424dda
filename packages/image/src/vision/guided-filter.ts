import { type Raster } from '../raster';

/**
 * Edge-aware refinement of a soft mask (He, Sun and Tang's guided filter, with the colour picture
 * as the guide, in its fast form): the coefficients are found on a small copy of the photo and
 * applied to every pixel of the full-size one, so the mask follows hair and shoulders at the
 * photo's own resolution for the cost of a few passes over it.
 */

/** Mean over a (2r+1)² window, clamped at the borders; separable running sums, O(pixels). */
export function boxMean(plane: Float32Array, width: number, height: number, radius: number): Float32Array {
  const horizontal = new Float32Array(plane.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let sum = 0;
    let count = 0;
    for (let x = 0; x <= Math.min(radius, width - 1); x += 1) {
      sum += plane[row + x]!;
      count += 1;
    }
    for (let x = 0; x < width; x += 1) {
      horizontal[row + x] = sum / count;
      const enter = x + radius + 1;
      const leave = x - radius;
      if (enter < width) {
        sum += plane[row + enter]!;
        count += 1;
      }
      if (leave >= 0) {
        sum -= plane[row + leave]!;
        count -= 1;
      }
    }
  }
  const out = new Float32Array(plane.length);
  const sums = new Float64Array(width);
  let count = 0;
  for (let y = 0; y <= Math.min(radius, height - 1); y += 1) {
    for (let x = 0; x < width; x += 1) sums[x]! += horizontal[y * width + x]!;
    count += 1;
  }
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) out[row + x] = sums[x]! / count;
    const enter = y + radius + 1;
    const leave = y - radius;
    if (enter < height) {
      for (let x = 0; x < width; x += 1) sums[x]! += horizontal[enter * width + x]!;
      count += 1;
    }
    if (leave >= 0) {
      for (let x = 0; x < width; x += 1) sums[x]! -= horizontal[leave * width + x]!;
      count -= 1;
    }
  }
  return out;
}

/** q = a·I + b per pixel: three colour weights and an offset, smoothed over the window. */
export interface GuidedCoefficients {
  width: number;
  height: number;
  red: Float32Array;
  green: Float32Array;
  blue: Float32Array;
  offset: Float32Array;
}

/**
 * The guided filter's coefficients for mask `p` (0-1) guided by `guide` (same size). `radius` in
 * pixels of the guide; `epsilon` in (0-1 intensity)²: smaller follows colour edges more closely.
 */
export function guidedCoefficients(guide: Raster, p: Float32Array, radius: number, epsilon: number): GuidedCoefficients {
  const { width, height } = guide;
  const pixels = width * height;
  const red = new Float32Array(pixels);
  const green = new Float32Array(pixels);
  const blue = new Float32Array(pixels);
  for (let pixel = 0, index = 0; pixel < pixels; pixel += 1, index += 3) {
    red[pixel] = guide.data[index]! / 255;
    green[pixel] = guide.data[index + 1]! / 255;
    blue[pixel] = guide.data[index + 2]! / 255;
  }
  const mean = (plane: Float32Array) => boxMean(plane, width, height, radius);
  const product = (a: Float32Array, b: Float32Array) => {
    const out = new Float32Array(pixels);
    for (let pixel = 0; pixel < pixels; pixel += 1) out[pixel] = a[pixel]! * b[pixel]!;
    return mean(out);
  };
  const meanR = mean(red);
  const meanG = mean(green);
  const meanB = mean(blue);
  const meanP = mean(p);
  const rp = product(red, p);
  const gp = product(green, p);
  const bp = product(blue, p);
  const rr = product(red, red);
  const rg = product(red, green);
  const rb = product(red, blue);
  const gg = product(green, green);
  const gb = product(green, blue);
  const bb = product(blue, blue);

  const aR = new Float32Array(pixels);
  const aG = new Float32Array(pixels);
  const aB = new Float32Array(pixels);
  const b = new Float32Array(pixels);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const mr = meanR[pixel]!;
    const mg = meanG[pixel]!;
    const mb = meanB[pixel]!;
    const mp = meanP[pixel]!;
    const covR = rp[pixel]! - mr * mp;
    const covG = gp[pixel]! - mg * mp;
    const covB = bp[pixel]! - mb * mp;
    // The guide's colour covariance in the window, regularised.
    const s00 = rr[pixel]! - mr * mr + epsilon;
    const s01 = rg[pixel]! - mr * mg;
    const s02 = rb[pixel]! - mr * mb;
    const s11 = gg[pixel]! - mg * mg + epsilon;
    const s12 = gb[pixel]! - mg * mb;
    const s22 = bb[pixel]! - mb * mb + epsilon;
    const i00 = s11 * s22 - s12 * s12;
    const i01 = s02 * s12 - s01 * s22;
    const i02 = s01 * s12 - s02 * s11;
    const i11 = s00 * s22 - s02 * s02;
    const i12 = s02 * s01 - s00 * s12;
    const i22 = s00 * s11 - s01 * s01;
    const determinant = s00 * i00 + s01 * i01 + s02 * i02;
    const ar = (i00 * covR + i01 * covG + i02 * covB) / determinant;
    const ag = (i01 * covR + i11 * covG + i12 * covB) / determinant;
    const ab = (i02 * covR + i12 * covG + i22 * covB) / determinant;
    aR[pixel] = ar;
    aG[pixel] = ag;
    aB[pixel] = ab;
    b[pixel] = mp - ar * mr - ag * mg - ab * mb;
  }
  return { width, height, red: mean(aR), green: mean(aG), blue: mean(aB), offset: mean(b) };
}

/**
 * Applies coefficients found on a small copy to the full-size picture: each is interpolated
 * bilinearly (a row at a time, so nothing large is allocated) and q = a·I + b gives the mask.
 *
 * `settled`, when given, is the mask already worked out at the coefficients' own size: wherever it
 * is wholly 0 or wholly 255 over a cell and its neighbours, the full-size pixels of that cell take
 * that value without the arithmetic (most of a photo is plainly person or plainly not).
 */
export function applyGuidedCoefficients(coefficients: GuidedCoefficients, picture: Raster, settled?: Uint8Array): Uint8Array {
  const { width, height, data } = picture;
  const { width: smallWidth, height: smallHeight } = coefficients;
  const planes = [coefficients.red, coefficients.green, coefficients.blue, coefficients.offset];
  const columnLeft = new Int32Array(width);
  const columnWeight = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const source = Math.max(0, Math.min(smallWidth - 1, ((x + 0.5) * smallWidth) / width - 0.5));
    const left = Math.min(smallWidth - 2, Math.floor(source));
    columnLeft[x] = Math.max(0, left);
    columnWeight[x] = smallWidth === 1 ? 0 : source - Math.max(0, left);
  }
  const rows = planes.map(() => new Float32Array(smallWidth));
  const mask = new Uint8Array(width * height);
  // Per small cell: 0 or 255 when it and its neighbours are settled at that value, else -1 (work it out).
  const fixed = new Int16Array(smallWidth * smallHeight).fill(-1);
  if (settled) {
    for (let cy = 0; cy < smallHeight; cy += 1) {
      for (let cx = 0; cx < smallWidth; cx += 1) {
        const value = settled[cy * smallWidth + cx]!;
        if (value !== 0 && value !== 255) continue;
        let same = true;
        for (let dy = -1; dy <= 1 && same; dy += 1) {
          for (let dx = -1; dx <= 1 && same; dx += 1) {
            const ny = Math.min(smallHeight - 1, Math.max(0, cy + dy));
            const nx = Math.min(smallWidth - 1, Math.max(0, cx + dx));
            same = settled[ny * smallWidth + nx] === value;
          }
        }
        if (same) fixed[cy * smallWidth + cx] = value;
      }
    }
  }
  const cellOfColumn = new Int32Array(width);
  for (let x = 0; x < width; x += 1) cellOfColumn[x] = Math.min(smallWidth - 1, Math.floor((x * smallWidth) / width));
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.min(smallHeight - 1, Math.floor((y * smallHeight) / height)) * smallWidth;
    const source = Math.max(0, Math.min(smallHeight - 1, ((y + 0.5) * smallHeight) / height - 0.5));
    const top = Math.max(0, Math.min(smallHeight - 2, Math.floor(source)));
    const weight = smallHeight === 1 ? 0 : source - top;
    const bottom = Math.min(smallHeight - 1, top + 1);
    for (let plane = 0; plane < planes.length; plane += 1) {
      const values = planes[plane]!;
      const row = rows[plane]!;
      for (let x = 0; x < smallWidth; x += 1) {
        const upper = values[top * smallWidth + x]!;
        row[x] = upper + (values[bottom * smallWidth + x]! - upper) * weight;
      }
    }
    const [aR, aG, aB, b] = rows as [Float32Array, Float32Array, Float32Array, Float32Array];
    for (let x = 0; x < width; x += 1) {
      const known = fixed[cellRow + cellOfColumn[x]!]!;
      if (known >= 0) {
        mask[y * width + x] = known;
        continue;
      }
      const left = columnLeft[x]!;
      const right = Math.min(smallWidth - 1, left + 1);
      const t = columnWeight[x]!;
      const index = (y * width + x) * 3;
      const r = aR[left]! + (aR[right]! - aR[left]!) * t;
      const g = aG[left]! + (aG[right]! - aG[left]!) * t;
      const bl = aB[left]! + (aB[right]! - aB[left]!) * t;
      const o = b[left]! + (b[right]! - b[left]!) * t;
      const q = (r * data[index]! + g * data[index + 1]! + bl * data[index + 2]!) / 255 + o;
      // The filter's faintest and strongest values are its own ripple, not partial coverage.
      const level = (q - 0.08) * 1.2;
      mask[y * width + x] = level <= 0 ? 0 : level >= 1 ? 255 : level * 255 + 0.5;
    }
  }
  return mask;
}

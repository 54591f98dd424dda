import { describe, expect, it } from 'vitest';
import { applyGuidedCoefficients, boxMean, guidedCoefficients } from './guided-filter';

describe('the box mean', () => {
  it('averages each (2r+1)² window, clamped at the borders, as a brute-force sum would', () => {
    const width = 7;
    const height = 5;
    const plane = Float32Array.from({ length: width * height }, (_, index) => (index * 37) % 11);
    const fast = boxMean(plane, width, height, 2);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        let sum = 0;
        let count = 0;
        for (let dy = -2; dy <= 2; dy += 1) {
          for (let dx = -2; dx <= 2; dx += 1) {
            if (x + dx < 0 || x + dx >= width || y + dy < 0 || y + dy >= height) continue;
            sum += plane[(y + dy) * width + x + dx]!;
            count += 1;
          }
        }
        expect(fast[y * width + x]).toBeCloseTo(sum / count, 4);
      }
    }
  });
});

describe('the guided filter', () => {
  it('snaps a coarse, blurry mask edge to the colour edge of the full-size picture', () => {
    // The picture: red on the left, blue from x = 37 on. The coarse mask: a soft ramp centred on x = 32, from a smaller copy.
    const width = 96;
    const height = 8;
    const full = { data: Buffer.alloc(width * height * 3), width, height };
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const index = (y * width + x) * 3;
        full.data[index] = x < 37 ? 220 : 30;
        full.data[index + 2] = x < 37 ? 30 : 220;
      }
    }
    const smallWidth = 48;
    const small = { data: Buffer.alloc(smallWidth * height * 3), width: smallWidth, height };
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < smallWidth; x += 1)
        full.data.copy(small.data, (y * smallWidth + x) * 3, (y * width + x * 2) * 3, (y * width + x * 2) * 3 + 3);
    const coarse = Float32Array.from({ length: smallWidth * height }, (_, index) => 1 / (1 + Math.exp(((index % smallWidth) - 16) / 3)));
    const mask = applyGuidedCoefficients(guidedCoefficients(small, coarse, 4, 1e-4), full);
    const row = Array.from(mask.subarray(3 * width, 4 * width));
    // The coarse mask crosses one half at x = 32; the refined one at the colour edge, 37, in one steep step.
    expect(row[36]).toBeGreaterThan(128);
    expect(row[37]).toBeLessThan(64);
    const drops = row.slice(1).map((value, x) => row[x]! - value);
    expect(drops.indexOf(Math.max(...drops))).toBe(36);
    expect(Math.min(...row.slice(0, 16))).toBeGreaterThan(250);
    expect(Math.max(...row.slice(50))).toBeLessThan(5);
  });
});

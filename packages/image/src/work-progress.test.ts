import { describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { fixture } from '../test/pictures';
import { noteLine } from '../test/note-text';

const engine = new LocalImageEngine({ workingMaxSide: 400, sceneLongSide: 320 });
const portrait = { data: fixture('people/040.jpg'), mimeType: 'image/jpeg' };
const landscape = { data: fixture('photos/Landscape_3.jpg'), mimeType: 'image/jpeg' };
const personInRed = { data: fixture('people/082.jpg'), mimeType: 'image/jpeg' };

interface Report {
  done: number;
  total: number;
}

function recorder() {
  const reports: Report[] = [];
  return { reports, onProgress: (done: number, total: number) => reports.push({ done, total }) };
}

/** One total throughout, 0 of it first, then one more unit at a time until all of it is done. */
function expectCountedUp(reports: Report[], total: number) {
  expect(reports.map((report) => report.total)).toEqual(reports.map(() => total));
  expect(reports.map((report) => report.done)).toEqual(Array.from({ length: total + 1 }, (_, index) => index));
}

describe("the local engine's progress", () => {
  it('counts every picture it draws: each scene, each look, each encoding, up to the total', async () => {
    const { reports, onProgress } = recorder();
    const result = await engine.generate('mountains in watercolour', { count: 2, aspectRatio: '1:1', onProgress });
    expect(result.images).toHaveLength(2);
    // Two pictures, each drawn, given its one look and encoded.
    expectCountedUp(reports, 2 * 3);
  });

  it('counts an edit of several photos into several images: each photo once, each operation, each image', async () => {
    const { reports, onProgress } = recorder();
    const result = await engine.edit([portrait, landscape], 'rotate them left and make them sepia', {
      count: 3,
      aspectRatio: 'unchanged',
      onProgress,
    });
    expect(result.images).toHaveLength(3);
    // Two photos, each decoded, turned and shaped once; three images, each made sepia and encoded.
    expectCountedUp(reports, 2 * 3 + 3 * 2);
  });

  it('counts a combined picture: each photo, its look in every cell, the grid, the caption, the encoding', async () => {
    const { reports, onProgress } = recorder();
    const result = await engine.edit([portrait, landscape], "combine them in black and white and add text 'Summer' at the top", {
      count: 1,
      aspectRatio: '16:9',
      onProgress,
    });
    expect(result.images).toHaveLength(1);
    expect(noteLine(result.note)).toContain('local.combined');
    // Two photos decoded and shaped; the look in each of the two cells, the grid, the caption, the encoding.
    expectCountedUp(reports, 2 * 2 + (2 + 1 + 1 + 1));
  });

  it('counts a new background (the vision models at work) once, however many versions are asked for', async () => {
    const { reports, onProgress } = recorder();
    const result = await engine.edit([personInRed], 'put me on a beach', { count: 2, aspectRatio: 'unchanged', onProgress });
    expect(result.images).toHaveLength(2);
    // The photo decoded, shaped and given its background once; two images encoded.
    expectCountedUp(reports, 3 + 2);
  });
});

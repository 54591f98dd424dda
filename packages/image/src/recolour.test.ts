import { describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { recolour } from './recolour';
import { decodeToRaster } from './raster';
import { decodePixels, fixture, hueShare, meanBrightness, movedShare } from '../test/pictures';
import { noteLine } from '../test/note-text';

const engine = new LocalImageEngine({ workingMaxSide: 500, fullResolutionMaxSide: 500 });
/** fixtures/people/082.jpg: a man in a red plaid shirt; the shirt fills the lower part of the picture. */
const redShirt = fixture('people/082.jpg');
const SHIRT = { top: 0.72, bottom: 1 };
/** The shirt's own reds; the face's reds are oranger (10°-25°). */
const CORE_RED: [number, number] = [346, 2];
const FACE = { top: 0.2, bottom: 0.55 };
const BLUE: [number, number] = [200, 260];
const GREEN: [number, number] = [90, 150];

describe('recolouring a named colour range', () => {
  it('moves the red shirt to blue and leaves the rest of the hues alone', async () => {
    const before = await decodePixels(redShirt, 500);
    const result = await engine.edit([{ data: redShirt, mimeType: 'image/jpeg' }], 'make the red shirt blue', {
      count: 1,
      aspectRatio: 'unchanged',
    });
    const after = await decodePixels(result.images[0]!.data);

    const { moved, considered } = movedShare(before, after, CORE_RED, BLUE, SHIRT);
    expect(considered).toBeGreaterThan(2000);
    expect(moved).toBeGreaterThan(0.9);
    expect(hueShare(after, ...BLUE, SHIRT) - hueShare(before, ...BLUE, SHIRT)).toBeGreaterThan(0.04);
    // The face is not a garment: it stays skin-coloured (only the lips share the shirt's red).
    expect(hueShare(after, ...BLUE, FACE)).toBeLessThan(0.02);
    // The orange brick wall is not red: it keeps its hue.
    const orange: [number, number] = [18, 45];
    expect(hueShare(after, ...orange, { top: 0, bottom: 0.3 })).toBeGreaterThan(hueShare(before, ...orange, { top: 0, bottom: 0.3 }) * 0.8);
    expect(noteLine(result.note)).toContain('local.garmentRecoloured garment=garment:shirt from=colour:red to=colour:blue');
  });

  it('understands the Russian request and paints green', async () => {
    const before = await decodePixels(redShirt, 500);
    const result = await engine.edit([{ data: redShirt, mimeType: 'image/jpeg' }], 'сделай красную рубашку зелёной', {
      count: 1,
      aspectRatio: 'unchanged',
    });
    const after = await decodePixels(result.images[0]!.data);
    expect(movedShare(before, after, CORE_RED, GREEN, SHIRT).moved).toBeGreaterThan(0.9);
    expect(noteLine(result.note)).toMatch(/from=colour:red to=colour:green/);
  });

  it('keeps lightness: shading of the recoloured pixels survives', async () => {
    const raster = await decodeToRaster(redShirt, 300);
    const { raster: changed } = recolour(raster, { from: 'red', to: 'blue' });
    let maxLightnessShift = 0;
    for (let index = 0; index < raster.data.length; index += 3) {
      const lightness = (data: Buffer) =>
        (Math.max(data[index]!, data[index + 1]!, data[index + 2]!) + Math.min(data[index]!, data[index + 1]!, data[index + 2]!)) / 2;
      maxLightnessShift = Math.max(maxLightnessShift, Math.abs(lightness(raster.data) - lightness(changed.data)));
    }
    expect(maxLightnessShift).toBeLessThanOrEqual(2);
  });

  it('without a named source colour, recolours the most saturated dominant hue', async () => {
    const raster = await decodeToRaster(fixture('people/037.jpg'), 300);
    const result = recolour(raster, { to: 'blue' });
    expect(result.from.id).toBe('red');
    expect(result.changedShare).toBeGreaterThan(0.05);
  });

  it('can paint a colour black', async () => {
    const raster = await decodeToRaster(redShirt, 300);
    const { raster: changed } = recolour(raster, { from: 'red', to: 'black' });
    expect(hueShare(changed, ...CORE_RED, SHIRT, 0.35)).toBeLessThan(hueShare(raster, ...CORE_RED, SHIRT, 0.35) * 0.1);
    expect(meanBrightness(changed, SHIRT)).toBeLessThan(meanBrightness(raster, SHIRT));
  });
});

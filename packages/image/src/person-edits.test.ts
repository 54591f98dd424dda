import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { decodeToRaster, encodeRaster } from './raster';
import { boxDifference, boxDifferenceBeyondGrade, boxHueShare, decodePixels, fixture, type Box } from '../test/pictures';
import { stopVisionWorker } from './vision/vision-client';
import { noteLine, reasonLine } from '../test/note-text';

/**
 * Edits that keep the person: clothing-only colour changes and background changes, on
 * the fixture portraits, measured in regions of the picture. The regions are fixed per photo (the
 * face boxes BlazeFace finds on them, shrunk to the skin inside; the clothing below the chin).
 *
 * How much may a face change? It is compared with the photo as the engine would give it back with
 * no edit at all (decoded, scaled and re-encoded as a JPEG photo at quality 90), so the encoding's own
 * noise (about 1.6 per channel value on these faces against the original file) is not counted. A
 * tint anyone would notice on a face (a few degrees of hue over the skin) moves the mean by 8 or
 * more; the bound of 1 allows a few stray edge pixels and nothing a person could see. A new scene
 * also grades the person a little towards its light and colour, on purpose; there the face is
 * compared after taking that grade out (each channel scaled to its former mean), with a bound of 3
 * for the grade's rounding and the light that wraps round the face's edge.
 */
const FACE_UNCHANGED = 1;
const FACE_UNCHANGED_BEYOND_GRADE = 3;

const SIZE = 640;
const engine = new LocalImageEngine({ workingMaxSide: SIZE, fullResolutionMaxSide: SIZE });
const photo = (name: string) => ({ data: fixture(name), mimeType: 'image/jpeg' });
/** The photo as the engine returns it when it changes nothing: decoded, scaled and encoded again. */
const unedited = async (name: string) => decodePixels(await encodeRaster(await decodeToRaster(fixture(name), SIZE), { photo: true }));
const options = { count: 1, aspectRatio: 'unchanged' as const };

/** people/037.jpg: a smiling man in a fur hat and a red T-shirt. */
const FUR_HAT = {
  face: { left: 0.36, top: 0.42, right: 0.64, bottom: 0.68 },
  /** Either side of the neckline, which reaches down to the bottom edge. */
  shirt: [
    { left: 0.08, top: 0.9, right: 0.3, bottom: 1 },
    { left: 0.72, top: 0.9, right: 0.92, bottom: 1 },
  ],
};
/** people/082.jpg: a young man in a red, white and black plaid shirt before a brick wall. */
const PLAID = { face: { left: 0.34, top: 0.42, right: 0.58, bottom: 0.66 }, shirt: { left: 0.1, top: 0.86, right: 0.9, bottom: 1 } };
/** The picture's outer frame: background in every portrait. */
const BORDERS: Box[] = [
  { left: 0, top: 0, right: 1, bottom: 0.06 },
  { left: 0, top: 0, right: 0.08, bottom: 0.6 },
  { left: 0.92, top: 0, right: 1, bottom: 0.6 },
];
const BLUE: [number, number] = [200, 260];
const RED: [number, number] = [340, 15];

afterAll(() => stopVisionWorker());

describe('clothing-only colour changes', () => {
  it('makes a red T-shirt blue and leaves the face as it was', async () => {
    const before = await unedited('people/037.jpg');
    const result = await engine.edit([photo('people/037.jpg')], 'make the t-shirt blue', options);
    const after = await decodePixels(result.images[0]!.data);
    for (const side of FUR_HAT.shirt) {
      expect(boxHueShare(before, side, BLUE)).toBeLessThan(0.05);
      expect(boxHueShare(after, side, BLUE)).toBeGreaterThan(0.9);
    }
    expect(boxDifference(before, after, FUR_HAT.face)).toBeLessThan(FACE_UNCHANGED);
    expect(noteLine(result.note)).toContain('local.garmentRecoloured garment=garment:shirt from=colour:red to=colour:blue');
  });

  it('turns the red of a plaid shirt blue, not the face, lips or the brick wall', async () => {
    const before = await unedited('people/082.jpg');
    const result = await engine.edit([photo('people/082.jpg')], 'make the shirt blue', options);
    const after = await decodePixels(result.images[0]!.data);
    expect(boxHueShare(before, PLAID.shirt, RED)).toBeGreaterThan(0.6);
    expect(boxHueShare(after, PLAID.shirt, BLUE)).toBeGreaterThan(0.6);
    expect(boxDifference(before, after, PLAID.face)).toBeLessThan(FACE_UNCHANGED);
    for (const border of BORDERS) expect(boxDifference(before, after, border)).toBeLessThan(FACE_UNCHANGED);
  });

  it('says a red top is already red and makes nothing (so nothing is charged)', async () => {
    const attempt = engine.edit([photo('people/013.jpg')], 'make the jacket red', options);
    await expect(attempt).rejects.toMatchObject({ kind: 'invalid' });
    expect(await attempt.catch(reasonLine)).toBe('local.alreadyColour garment=garment:jacket colour=colour:red');
    await expect(engine.edit([photo('people/013.jpg')], 'сделай топ красным', options)).rejects.toMatchObject({
      kind: 'invalid',
      reason: [{ code: 'local.alreadyColour', params: { colour: { name: 'colour', id: 'red' } } }],
    });
  });
});

describe('several photos', () => {
  it('edits each photo into a result of its own: two photos in, two outputs out', async () => {
    const result = await engine.edit([photo('people/037.jpg'), photo('people/082.jpg')], 'make the shirt blue', {
      count: 2,
      aspectRatio: 'unchanged',
    });
    expect(result.images).toHaveLength(2);
    const [first, second] = await Promise.all(result.images.map((image) => decodePixels(image.data)));
    expect(boxHueShare(first!, FUR_HAT.shirt[0]!, BLUE)).toBeGreaterThan(0.9);
    expect(boxHueShare(second!, PLAID.shirt, BLUE)).toBeGreaterThan(0.6);
    // Each keeps its own frame: no collage, nothing of one photo in the other.
    expect(boxDifference(second!, await unedited('people/082.jpg'), PLAID.face)).toBeLessThan(FACE_UNCHANGED);
    expect(noteLine(result.note)).toContain('local.eachOnItsOwn');
    expect(noteLine(result.note)).not.toMatch(/variations|combined/);
  });
});

describe('background changes that keep the person', () => {
  it('puts the person on a beach: the face stays, the frame around them changes', async () => {
    const before = await unedited('people/082.jpg');
    const result = await engine.edit([photo('people/082.jpg')], 'put me on a beach', options);
    const after = await decodePixels(result.images[0]!.data);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(boxDifferenceBeyondGrade(before, after, PLAID.face)).toBeLessThan(FACE_UNCHANGED_BEYOND_GRADE);
    for (const border of BORDERS) expect(boxDifference(before, after, border)).toBeGreaterThan(40);
    // The top of the frame is the drawn sky: blue, where the photo had an orange brick wall.
    expect(boxHueShare(after, BORDERS[0]!, BLUE)).toBeGreaterThan(0.8);
    expect(noteLine(result.note)).toMatch(/local\.backgroundScene words=beach/);
  });

  it('removes the background into a transparent PNG', async () => {
    const result = await engine.edit([photo('people/040.jpg')], 'remove the background', options);
    expect(result.images[0]!.mimeType).toBe('image/png');
    const { data, info } = await sharp(result.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number) => data[(Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * 4 + 3]!;
    expect([alphaAt(0.05, 0.05), alphaAt(0.95, 0.05), alphaAt(0.05, 0.5)]).toEqual([0, 0, 0]);
    expect([alphaAt(0.45, 0.45), alphaAt(0.5, 0.9)]).toEqual([255, 255]);
  });

  it('makes a named-colour background and keeps the face', async () => {
    const before = await unedited('people/082.jpg');
    const result = await engine.edit([photo('people/082.jpg')], 'white background', options);
    const after = await decodePixels(result.images[0]!.data);
    expect(boxDifference(before, after, PLAID.face)).toBeLessThan(FACE_UNCHANGED);
    const corner = after.data.subarray(0, 3);
    expect(Math.min(...corner)).toBeGreaterThan(245);
  });

  it('blurs the background and not the person (portrait mode)', async () => {
    const before = await unedited('people/082.jpg');
    const result = await engine.edit([photo('people/082.jpg')], 'blur the background', options);
    const after = await decodePixels(result.images[0]!.data);
    expect(boxDifference(before, after, PLAID.face)).toBeLessThan(FACE_UNCHANGED);
    // The brick wall's mortar lines are gone: neighbouring pixels of the frame differ far less.
    expect(roughness(after, BORDERS[0]!)).toBeLessThan(roughness(before, BORDERS[0]!) * 0.3);
  });

  it('refuses a background change when there is no person in the photo', async () => {
    await expect(engine.edit([photo('photos/Landscape_1.jpg')], 'put me on a beach', options)).rejects.toMatchObject({
      kind: 'invalid',
      reason: [{ code: 'local.noPerson' }],
    });
  });
});

/** Mean difference between horizontally neighbouring pixels: texture and sharp detail. */
function roughness(pixels: { data: Buffer; width: number; height: number }, box: Box): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(pixels.height * box.top); y < Math.floor(pixels.height * box.bottom); y += 1) {
    for (let x = Math.floor(pixels.width * box.left); x < Math.floor(pixels.width * box.right) - 1; x += 1) {
      const index = (y * pixels.width + x) * 3;
      sum += Math.abs(pixels.data[index]! - pixels.data[index + 3]!);
      count += 1;
    }
  }
  return sum / count;
}

import { afterAll, describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { noteLine, reasonLine } from '../test/note-text';
import { decodeToRaster, encodeRaster } from './raster';
import { decodeAlpha, decodePixels, fixture, outline, polygonPixels, regionDifference, regionHueNear, withPainted } from '../test/pictures';
import { stopVisionWorker } from './vision/vision-client';

/**
 * The named garment, found where it sits on the body, and only it: measured inside regions drawn
 * by hand on the fixture portraits (fixtures/outlines). The garment must take the asked hue (within
 * 25°) over most of its outline; face and background are compared with the photo as the engine
 * gives it back unedited (decoded, scaled, encoded again), so the encoding's own noise is not
 * counted, and may move by less than 2 per channel value on average — a stray edge pixel, nothing
 * anyone would see.
 */

const SIZE = 640;
const UNCHANGED = 2;
const RED = 0;
const BLUE = 220;
const TAN = 31;
const MAUVE = 311;
const engine = new LocalImageEngine({ workingMaxSide: SIZE, fullResolutionMaxSide: SIZE });
const photo = (name: string) => ({ data: fixture(name), mimeType: 'image/jpeg' });
const unedited = async (name: string, data = fixture(name)) =>
  decodePixels(await encodeRaster(await decodeToRaster(data, SIZE), { photo: true }));
const options = { count: 1, aspectRatio: 'unchanged' as const };

afterAll(() => stopVisionWorker());

describe('a garment named in the request, found by where it sits on the body', { timeout: 60_000 }, () => {
  it('turns a teal polo red, not the plaid shirt under it, the face or the orange wall', async () => {
    const regions = outline('people-091.json');
    const before = await unedited(regions.photo);
    const result = await engine.edit([photo(regions.photo)], 'make the shirt red', options);
    const after = await decodePixels(result.images[0]!.data);
    const polo = polygonPixels(regions.polo!, after.width, after.height);
    expect(regionHueNear(before, polo, RED)).toBeLessThan(0.05);
    expect(regionHueNear(after, polo, RED)).toBeGreaterThan(0.8);
    expect(regionDifference(before, after, polygonPixels(regions.face!, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(regionDifference(before, after, polygonPixels(regions.background!, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(noteLine(result.note)).toContain('local.garmentRecoloured garment=garment:shirt from=colour:teal to=colour:red');
  });

  it('turns a cream straw hat red, not the face below it or the blue wall around it', async () => {
    const regions = outline('people-099.json');
    const before = await unedited(regions.photo);
    const result = await engine.edit([photo(regions.photo)], 'make the hat red', options);
    const after = await decodePixels(result.images[0]!.data);
    const hat = polygonPixels(regions.hat!, after.width, after.height);
    expect(regionHueNear(before, hat, RED)).toBeLessThan(0.2);
    expect(regionHueNear(after, hat, RED)).toBeGreaterThan(0.6);
    expect(regionDifference(before, after, polygonPixels(regions.face!, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(regionDifference(before, after, polygonPixels(regions.background!, after.width, after.height))).toBeLessThan(UNCHANGED);
  });

  it('turns a brown fur trapper hat blue over a black fringe, not the face below it or the trees around it', async () => {
    const regions = outline('people-037.json');
    const before = await unedited(regions.photo);
    const result = await engine.edit([photo(regions.photo)], 'make the hat blue', options);
    const after = await decodePixels(result.images[0]!.data);
    const hat = polygonPixels(regions.hat!, after.width, after.height);
    expect(regionHueNear(before, hat, BLUE)).toBeLessThan(0.2);
    expect(regionHueNear(after, hat, BLUE)).toBeGreaterThan(0.6);
    expect(regionDifference(before, after, polygonPixels(regions.face!, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(regionDifference(before, after, polygonPixels(regions.background!, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(noteLine(result.note)).toMatch(/^local\.done \| local\.garmentRecoloured garment=garment:hat from=colour:\S+ to=colour:blue$/);
  });

  // Without a model of the body's parts, the top of a bare head is where a hat would be: its hair must not pass for one.
  for (const name of ['people/013.jpg', 'people/026.jpg', 'people/040.jpg', 'people/073.jpg', 'people/082.jpg', 'people/091.jpg']) {
    it(`says no hat was found on the bare head of ${name} and makes nothing (so nothing is charged), in English and Russian`, async () => {
      for (const request of ['make the hat red', 'сделай шляпу красной']) {
        const attempt = engine.edit([photo(name)], request, options);
        await expect(attempt, request).rejects.toMatchObject({ kind: 'invalid' });
        expect(await attempt.catch(reasonLine), request).toBe('local.hatNotFound garment=garment:hat');
      }
    });
  }

  it('leaves a tan bag strap across a navy shirt tan when the shirt is recoloured, and names the colour of the shirt', async () => {
    const regions = outline('people-099.json');
    const painted = await withPainted(regions.photo, regions.strap!, '#c49a6c');
    const before = await unedited(regions.photo, painted);
    const result = await engine.edit([{ data: painted, mimeType: 'image/jpeg' }], 'make the shirt green', options);
    const after = await decodePixels(result.images[0]!.data);
    const strap = polygonPixels(regions.strap!, after.width, after.height);
    expect(regionHueNear(before, strap, TAN)).toBeGreaterThan(0.9);
    expect(regionHueNear(after, strap, TAN)).toBeGreaterThan(0.9);
    expect(regionDifference(before, after, polygonPixels(regions.face!, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(regionDifference(before, after, polygonPixels(regions.background!, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(noteLine(result.note)).toContain('local.garmentRecoloured garment=garment:shirt from=colour:blue to=colour:green');
  });

  it('turns a mauve scarf blue, and not the polo below it, the face or the wall', async () => {
    const regions = outline('people-091.json');
    const painted = await withPainted(regions.photo, regions.scarf!, '#a87ca0');
    const before = await unedited(regions.photo, painted);
    const result = await engine.edit([{ data: painted, mimeType: 'image/jpeg' }], 'make the scarf blue', options);
    const after = await decodePixels(result.images[0]!.data);
    const scarf = polygonPixels(regions.scarf!, after.width, after.height);
    expect(regionHueNear(before, scarf, MAUVE)).toBeGreaterThan(0.9);
    expect(regionHueNear(after, scarf, BLUE)).toBeGreaterThan(0.8);
    for (const still of [regions.polo!, regions.face!, regions.background!])
      expect(regionDifference(before, after, polygonPixels(still, after.width, after.height))).toBeLessThan(UNCHANGED);
    expect(noteLine(result.note)).toContain('local.garmentRecoloured garment=garment:scarf from=colour:pink to=colour:blue');
  });

  it('says a garment is not in a photo without a person and makes nothing (so nothing is charged)', async () => {
    const attempt = engine.edit([photo('photos/Landscape_1.jpg')], 'make the jacket red', options);
    await expect(attempt).rejects.toMatchObject({ kind: 'invalid' });
    expect(await attempt.catch(reasonLine)).toBe('local.garmentNotVisible garment=garment:jacket');
  });
});

describe('background removal', { timeout: 60_000 }, () => {
  for (const name of ['people-091.json', 'people-099.json']) {
    it(`leaves at least 90% of the outlined background of ${name.replace('.json', '')} transparent`, async () => {
      const regions = outline(name);
      const result = await engine.edit([photo(regions.photo)], 'remove the background', options);
      const { alpha, width, height } = await decodeAlpha(result.images[0]!.data);
      const background = polygonPixels(regions.background!, width, height);
      const transparent = background.filter((pixel) => alpha[pixel]! <= 25).length;
      expect(transparent / background.length).toBeGreaterThanOrEqual(0.9);
    });
  }
});

import { afterAll, describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { noteLine, reasonLine } from '../test/note-text';
import { decodeAlpha, decodePixels, fixture, meanDifference, outline, polygonPixels, regionDifference } from '../test/pictures';
import { stopVisionWorker } from './vision/vision-client';

/**
 * People the face detector cannot find — seen from behind, small in a landscape — are found by
 * their body (the pose's shoulders and hips inside the person mask), so background edits work on
 * them too; a landscape with nobody in it is still refused.
 */

const SIZE = 900;
const engine = new LocalImageEngine({ workingMaxSide: SIZE, fullResolutionMaxSide: SIZE });
const photo = (name: string) => ({ data: fixture(name), mimeType: 'image/jpeg' });
const options = { count: 1, aspectRatio: 'unchanged' as const };

afterAll(() => stopVisionWorker());

describe('a small person seen from behind', { timeout: 60_000 }, () => {
  it('is put on a beach: the person stays, the waterfall around them is gone', async () => {
    const regions = outline('photos-Portrait_1.json');
    const before = await decodePixels(fixture(regions.photo), SIZE);
    const result = await engine.edit([photo(regions.photo)], 'put me on a beach', options);
    const after = await decodePixels(result.images[0]!.data);
    expect(noteLine(result.note)).toMatch(/local\.backgroundScene words=beach/);
    expect(regionDifference(before, after, polygonPixels(regions.background!, after.width, after.height))).toBeGreaterThan(30);
    expect(regionDifference(before, after, polygonPixels(regions.person!, after.width, after.height))).toBeLessThan(
      regionDifference(before, after, polygonPixels(regions.background!, after.width, after.height)) / 2,
    );
    expect(meanDifference(before, after)).toBeGreaterThan(20);
  });

  it('has the background removed: at least 90% of the outlined background transparent, the person kept', async () => {
    const regions = outline('photos-Portrait_1.json');
    const result = await engine.edit([photo(regions.photo)], 'remove the background', options);
    const { alpha, width, height } = await decodeAlpha(result.images[0]!.data);
    const background = polygonPixels(regions.background!, width, height);
    expect(background.filter((pixel) => alpha[pixel]! <= 25).length / background.length).toBeGreaterThanOrEqual(0.9);
    const person = polygonPixels(regions.person!, width, height);
    expect(person.filter((pixel) => alpha[pixel]! >= 128).length / person.length).toBeGreaterThan(0.4);
  });

  it('still refuses a background change on a landscape with nobody in it', async () => {
    const attempt = engine.edit([photo('photos/Landscape_1.jpg')], 'put me on a beach', options);
    await expect(attempt).rejects.toMatchObject({ kind: 'invalid' });
    expect(await attempt.catch(reasonLine)).toBe('local.noPerson');
  });
});

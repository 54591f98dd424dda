import { describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { decodePixels, fixture, meanDifference } from '../test/pictures';

/**
 * A variation is paid like the first reply, so it must look different: each version of the same
 * request differs from the first by a visible amount (mean per-pixel difference over the three
 * channels, out of 255), for an edit of a photo and for a picture made from words.
 */
const engine = new LocalImageEngine({ workingMaxSide: 400, sceneLongSide: 320 });
const landscape = { data: fixture('photos/Landscape_3.jpg'), mimeType: 'image/jpeg' };
/** Below about 6/255 on average two pictures look the same side by side. */
const VISIBLY_DIFFERENT = 8;
const VERSIONS = [1, 2, 3, 4];

describe('variations of the built-in engine', () => {
  it('of an edit differ visibly from the first version, and from each other', async () => {
    const versions = [];
    for (const version of [0, ...VERSIONS]) {
      const result = await engine.edit([landscape], 'make it warmer', { count: 1, aspectRatio: 'unchanged', version });
      versions.push(await decodePixels(result.images[0]!.data));
    }
    const [first, ...others] = versions;
    for (const other of others) expect(meanDifference(first!, other)).toBeGreaterThan(VISIBLY_DIFFERENT);
    for (const [index, picture] of others.entries()) {
      for (const later of others.slice(index + 1)) expect(meanDifference(picture, later)).toBeGreaterThan(VISIBLY_DIFFERENT / 2);
    }
  });

  it('of a picture made from words differ visibly from the first version', async () => {
    const first = await decodePixels(
      (await engine.generate('a lighthouse on a cliff at dusk', { count: 1, aspectRatio: '1:1', version: 0 })).images[0]!.data,
    );
    for (const version of VERSIONS) {
      const other = await decodePixels(
        (await engine.generate('a lighthouse on a cliff at dusk', { count: 1, aspectRatio: '1:1', version })).images[0]!.data,
      );
      expect(meanDifference(first, other)).toBeGreaterThan(VISIBLY_DIFFERENT);
    }
  });
});

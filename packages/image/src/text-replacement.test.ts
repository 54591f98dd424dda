import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { decodeToRaster } from './raster';
import { decodePixels, fixture, outline, polygonPixels, type Pixels } from '../test/pictures';
import { readText, stopTextReader } from './vision/text-reader';
import { noteLine, reasonLine } from '../test/note-text';

afterAll(() => stopTextReader());

/** photos/Portrait_1.jpg: a waterfall with the words "top", "left", "right", "bottom" and "1" written on it in white. */
describe('replacing text in a photo', () => {
  const engine = new LocalImageEngine({ fullResolutionMaxSide: 1800 });
  const photo = { data: fixture('photos/Portrait_1.jpg'), mimeType: 'image/jpeg' };
  const wordsIn = async (data: Buffer) =>
    (await readText(await decodeToRaster(data, 1800))).flatMap((line) => line.words.map((word) => word.text.toLowerCase()));

  it('writes the new word where the named one was: read again, the picture says SALE and no longer top', async () => {
    expect(await wordsIn(photo.data)).toContain('top');
    const result = await engine.edit([photo], 'change "top" to "SALE"', { count: 1, aspectRatio: 'unchanged' });
    const words = await wordsIn(result.images[0]!.data);
    expect(words).toContain('sale');
    expect(words).not.toContain('top');
    // The other words are still there.
    expect(words).toContain('left');
    expect(noteLine(result.note)).toContain('local.textReplaced from=top to=SALE');
  }, 60_000);

  it('finds printed words over a busy ground: "bottom" over the spray of photos/Landscape_1.jpg, at the engine\'s own working size', async () => {
    const landscape = { data: fixture('photos/Landscape_1.jpg'), mimeType: 'image/jpeg' };
    const result = await new LocalImageEngine().edit([landscape], 'replace the text "bottom" with "Iceland"', {
      count: 1,
      aspectRatio: 'unchanged',
    });
    expect(noteLine(result.note)).toContain('local.textReplaced from=bottom to=Iceland');
  }, 60_000);

  it('finds a word read in two halves over a busy ground: "right" on the rock of photos/Landscape_1.jpg', async () => {
    const landscape = { data: fixture('photos/Landscape_1.jpg'), mimeType: 'image/jpeg' };
    const result = await new LocalImageEngine().edit([landscape], 'replace the text "right" with "East"', {
      count: 1,
      aspectRatio: 'unchanged',
    });
    expect(noteLine(result.note)).toContain('local.textReplaced from=right to=East');
  }, 60_000);

  it('replaces the most prominent text when none is named', async () => {
    const result = await engine.edit([photo], 'replace the text with SALE', { count: 1, aspectRatio: 'unchanged' });
    const replaced = /local\.textReplaced from=(.+) to=SALE/.exec(noteLine(result.note))?.[1];
    expect(replaced).toBeDefined();
    const words = await wordsIn(result.images[0]!.data);
    expect(words).toContain('sale');
    expect(words).not.toContain(replaced!.toLowerCase());
  }, 60_000);

  it('says the named text is not in the photo, lists what is, and makes nothing (so nothing is charged)', async () => {
    const attempt = engine.edit([photo], 'change "OPEN" to "CLOSED"', { count: 1, aspectRatio: 'unchanged' });
    await expect(attempt).rejects.toMatchObject({ kind: 'invalid' });
    expect(await attempt.catch(reasonLine)).toMatch(/^local\.textNotFoundAmong wanted=OPEN words=top/);
    expect(await engine.edit([photo], 'замени «OPEN» на «CLOSED»', { count: 1, aspectRatio: 'unchanged' }).catch(reasonLine)).toMatch(
      /^local\.textNotFound(Among)? wanted=OPEN/,
    );
  }, 60_000);
});

/**
 * Share of the pixels outside `near` (pixel indices) that an edit changed clearly — beyond the
 * JPEG's own re-encoding noise — and the mean change inside it.
 */
function changesOutside(before: Pixels, after: Pixels, near: readonly number[]): { outside: number; inside: number } {
  const isNear = new Uint8Array(before.width * before.height);
  for (const pixel of near) isNear[pixel] = 1;
  let changedOutside = 0;
  let insideSum = 0;
  for (let pixel = 0; pixel < isNear.length; pixel += 1) {
    let difference = 0;
    for (let channel = 0; channel < 3; channel += 1)
      difference += Math.abs(before.data[pixel * 3 + channel]! - after.data[pixel * 3 + channel]!);
    if (isNear[pixel]) insideSum += difference / 3;
    else if (difference > 90) changedOutside += 1;
  }
  return { outside: changedOutside / (isNear.length - near.length), inside: insideSum / near.length };
}

/**
 * photos/Landscape_6.jpg: the words top, left, right and bottom printed in white at the picture's
 * edges, "left" touching its left edge over a frosty field; fixtures/outlines/photos-Landscape_6.json
 * holds a hand-drawn box around each word.
 */
describe('replacing the printed direction words of photos/Landscape_6.jpg', () => {
  const engine = new LocalImageEngine({ fullResolutionMaxSide: 1800 });
  const photo = { data: fixture('photos/Landscape_6.jpg'), mimeType: 'image/jpeg' };
  const words = outline('photos-Landscape_6.json');

  it('finds "left" at the picture\'s very edge and changes the picture only around that word', async () => {
    const result = await engine.edit([photo], 'replace the text "left" with "West"', { count: 1, aspectRatio: 'unchanged' });
    expect(noteLine(result.note)).toContain('local.textReplaced from=left to=West');
    const before = await decodePixels(photo.data);
    const after = await decodePixels(result.images[0]!.data);
    const { outside, inside } = changesOutside(before, after, polygonPixels(words.left!, before.width, before.height));
    expect(inside).toBeGreaterThan(8);
    expect(outside).toBeLessThan(0.001);
  }, 60_000);

  it.each(['top', 'right', 'bottom'])(
    'finds "%s" and changes the picture only around it',
    async (word) => {
      const result = await engine.edit([photo], `replace the text "${word}" with "Iceland"`, { count: 1, aspectRatio: 'unchanged' });
      expect(noteLine(result.note)).toContain(`local.textReplaced from=${word} to=Iceland`);
      const before = await decodePixels(photo.data);
      const after = await decodePixels(result.images[0]!.data);
      const { outside, inside } = changesOutside(before, after, polygonPixels(words[word]!, before.width, before.height));
      expect(inside).toBeGreaterThan(8);
      expect(outside).toBeLessThan(0.001);
    },
    60_000,
  );
});

/**
 * photos/Landscape_6.jpg turned 15° either way on a grey canvas, as a sign photographed at a
 * slant: the level readings miss these two words (each test fails without the turned readings), a
 * reading of the photo turned back finds them, and the new word is written at the words' own slant. The hand-drawn boxes of
 * fixtures/outlines/photos-Landscape_6.json are turned with the photo.
 */
describe('replacing the direction words of photos/Landscape_6.jpg photographed at a slant', () => {
  const engine = new LocalImageEngine({ fullResolutionMaxSide: 1800 });
  const words = outline('photos-Landscape_6.json');

  async function slanted(
    degrees: number,
  ): Promise<{ photo: { data: Buffer; mimeType: string }; turn: (polygon: [number, number][]) => [number, number][] }> {
    const level = await sharp(fixture('photos/Landscape_6.jpg')).rotate().toBuffer({ resolveWithObject: true });
    const turned = await sharp(level.data).rotate(degrees, { background: '#808080' }).toBuffer({ resolveWithObject: true });
    const data = await sharp(turned.data).resize(1800, 1800, { fit: 'inside' }).jpeg({ quality: 92 }).toBuffer();
    const radians = (degrees * Math.PI) / 180;
    const { width, height } = level.info;
    // sharp turns clockwise about the centre, onto a canvas as large as the turned photo; percentages keep through the resize.
    const turn = (polygon: [number, number][]) =>
      polygon.map(([x, y]): [number, number] => {
        const dx = (x / 100) * width - width / 2;
        const dy = (y / 100) * height - height / 2;
        return [
          ((turned.info.width / 2 + dx * Math.cos(radians) - dy * Math.sin(radians)) / turned.info.width) * 100,
          ((turned.info.height / 2 + dx * Math.sin(radians) + dy * Math.cos(radians)) / turned.info.height) * 100,
        ];
      });
    return { photo: { data, mimeType: 'image/jpeg' }, turn };
  }

  it.each([
    ['right', 15],
    ['bottom', -15],
  ] as const)(
    'finds "%s" on the photo turned %i° and changes the picture only around it',
    async (word, degrees) => {
      const { photo, turn } = await slanted(degrees);
      const result = await engine.edit([photo], `replace the text "${word}" with "Iceland"`, { count: 1, aspectRatio: 'unchanged' });
      expect(noteLine(result.note)).toContain(`local.textReplaced from=${word} to=Iceland`);
      const before = await decodePixels(photo.data);
      const after = await decodePixels(result.images[0]!.data);
      const { outside, inside } = changesOutside(before, after, polygonPixels(words[word]!.map(turn), before.width, before.height));
      expect(inside).toBeGreaterThan(8);
      expect(outside).toBeLessThan(0.001);
    },
    90_000,
  );
});

import { afterAll, describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { decodeToRaster } from './raster';
import { fixture } from '../test/pictures';
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

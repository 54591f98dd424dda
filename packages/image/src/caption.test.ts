import { describe, expect, it } from 'vitest';
import { drawCaption, layoutCaption } from './caption-overlay';
import { LocalImageEngine } from './local-engine';
import { decodeToRaster, type Raster } from './raster';
import { fixture } from '../test/pictures';
import { noteLine } from '../test/note-text';

/** Mean absolute RGB difference of two same-sized rasters over a band of rows. */
function rowsDifference(a: Raster, b: Raster, fromRow: number, toRow: number): number {
  let sum = 0;
  for (let index = fromRow * a.width * 3; index < toRow * a.width * 3; index += 1) sum += Math.abs(a.data[index]! - b.data[index]!);
  return sum / ((toRow - fromRow) * a.width * 3);
}

function brightPixels(raster: Raster, fromRow: number, toRow: number): number {
  let count = 0;
  for (let index = fromRow * raster.width * 3; index < toRow * raster.width * 3; index += 3)
    if (raster.data[index]! > 235 && raster.data[index + 1]! > 235 && raster.data[index + 2]! > 235) count += 1;
  return count;
}

describe('drawing a caption', () => {
  const photo = fixture('photos/Landscape_1.jpg');

  it.each(['bottom', 'top'] as const)('changes the %s strip of the photo and leaves the rest as it was', async (position) => {
    const before = await decodeToRaster(photo, 960);
    const after = await drawCaption(before, { text: 'Iceland', position });
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    const strip = Math.round(before.height * 0.1);
    const [stripFrom, stripTo, restFrom, restTo] =
      position === 'bottom'
        ? [before.height - strip, before.height, 0, Math.round(before.height * 0.6)]
        : [0, strip, Math.round(before.height * 0.4), before.height];
    expect(rowsDifference(before, after, stripFrom, stripTo)).toBeGreaterThan(15);
    expect(rowsDifference(before, after, restFrom, restTo)).toBeLessThan(0.5);
  });

  it.each(['photos/Landscape_1.jpg', 'photos/Landscape_6.jpg'])(
    'draws the engine’s caption at the top of %s as seen upright (EXIF orientation applied)',
    async (name) => {
      const photo = fixture(name);
      const engine = new LocalImageEngine({ workingMaxSide: 480 });
      const result = await engine.edit([{ data: photo, mimeType: 'image/jpeg' }], "add text 'Sale' at the top", {
        count: 1,
        aspectRatio: 'unchanged',
      });
      const before = await decodeToRaster(photo, 480);
      const after = await decodeToRaster(result.images[0]!.data, 480);
      const strip = Math.round(before.height * 0.08);
      expect(rowsDifference(before, after, 0, strip)).toBeGreaterThan(15);
      expect(rowsDifference(before, after, Math.round(before.height * 0.5), before.height)).toBeLessThan(4);
      expect(noteLine(result.note)).toContain('local.captionTop text=Sale');
    },
  );

  it('renders <, & and quotes as text', async () => {
    const before = await decodeToRaster(photo, 480);
    const after = await drawCaption(before, { text: `Tom & Jerry <3 "quoted" 'too' ]]> \u0007`, position: 'bottom' });
    const band = layoutCaption('Tom & Jerry', before.width, before.height).bandHeight;
    // White letters, not just the dark band: the text itself was drawn.
    expect(brightPixels(after, before.height - band, before.height)).toBeGreaterThan(
      brightPixels(before, before.height - band, before.height) + 200,
    );
  });

  it('wraps or shrinks a long caption so it stays inside the picture and under half of it', () => {
    const text =
      'A very long caption that goes on and on about a summer holiday in Iceland with waterfalls, glaciers, black sand beaches and puffins';
    const layout = layoutCaption(text, 960, 640);
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines.join(' ').replace('…', '')).toContain('A very long caption');
    expect(layout.bandHeight).toBeLessThanOrEqual(640 * 0.4);
    expect(layoutCaption('Iceland', 960, 640).fontSize).toBeGreaterThan(layout.fontSize);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/pictures';
import { decodeToRaster } from '../raster';
import { textSlant } from './text-reader';

/** A fixture photo upright, then turned clockwise by `degrees` on a grey canvas: a sign photographed at a slant. */
async function turned(name: string, degrees: number) {
  const upright = await sharp(fixture(name)).rotate().toBuffer();
  return decodeToRaster(await sharp(upright).rotate(degrees, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer(), 1800);
}

describe('textSlant', () => {
  it.each([
    ['photos/Landscape_6.jpg', 15],
    ['photos/Landscape_6.jpg', -15],
    ['photos/Portrait_1.jpg', 15],
    ['photos/Portrait_1.jpg', -15],
  ])('tells the slant of the printed words of %s turned %i°, give or take 4°', async (name, degrees) => {
    expect(Math.abs((await textSlant(await turned(name, degrees)))! - degrees)).toBeLessThanOrEqual(4);
  });

  it('finds the words of a level photo level', async () => {
    expect(Math.abs((await textSlant(await turned('photos/Landscape_6.jpg', 0)))!)).toBeLessThan(2);
  });
});

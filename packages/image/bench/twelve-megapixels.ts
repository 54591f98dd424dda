/**
 * Makes the 12-megapixel JPEGs the person-edits bench edits, in a process of its own: enlarging
 * five photos leaves some 100 MB of freed pixel buffers in glibc's heap, which the bench's own
 * process would otherwise carry into every figure of the engine's resident memory.
 *
 *   node --import tsx bench/twelve-megapixels.ts <output folder> '<JSON list of {name, width, height}>'
 */
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

export interface TwelveMegapixelPhoto {
  /** A photo under fixtures/. */
  name: string;
  width: number;
  height: number;
  /** Degrees to turn the photo (clockwise, on a grey canvas) before enlarging it: a sign photographed at a slant. */
  turn?: number;
}

const fixtures = path.resolve(import.meta.dirname, '../../../fixtures');
const [output, list] = process.argv.slice(2);
if (!output || !list) throw new Error('usage: twelve-megapixels.ts <output folder> <JSON list of photos>');
const photos = JSON.parse(list) as TwelveMegapixelPhoto[];
/** The photo upright (its EXIF orientation applied), then turned if asked: sharp turns before it resizes, so in a pipeline of its own. */
async function turned(photo: TwelveMegapixelPhoto): Promise<Buffer> {
  const upright = sharp(await readFile(path.join(fixtures, photo.name))).rotate();
  return photo.turn
    ? sharp(await upright.toBuffer())
        .rotate(photo.turn, { background: '#808080' })
        .toBuffer()
    : upright.toBuffer();
}

await Promise.all(
  photos.map(async (photo, index) =>
    writeFile(
      path.join(output, `${index}.jpg`),
      await sharp(await turned(photo))
        .resize(photo.width, photo.height, { fit: 'cover' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  ),
);

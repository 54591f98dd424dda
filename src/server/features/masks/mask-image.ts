import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { coded, type CodedText } from '@shared/coded-text';
import { AppError } from '@shared/errors';
import { MASK_MAX_BYTES, MASK_TEXTS } from '@shared/masks';
import { UPLOAD_MAX_PIXELS } from '@shared/studio';

/** A selected area as the server keeps it. */
export interface NormalisedMask {
  /** One-channel PNG: 255 where the edit may change pixels, 0 where it may not. */
  png: Buffer;
  width: number;
  height: number;
  /** Share of the image selected, 0-1. */
  coverage: number;
}

const refused = (message: string, text: CodedText) =>
  new AppError('VALIDATION_ERROR', message, { text, details: { fields: [{ field: 'mask', message }] } });

/**
 * Turns the editor's PNG into the stored mask, or refuses it. The editor paints the area opaque
 * on a transparent canvas; a black-and-white mask (white = change) is taken as well: a pixel is
 * selected when it is both opaque and light (alpha × luma over half). Anything but a PNG of
 * exactly the image's upright size, or a mask that selects nothing, is refused: an edit confined
 * to nothing would be paid for and change nothing.
 */
export async function normaliseMask(input: Buffer, image: { width: number; height: number }): Promise<NormalisedMask> {
  if (input.length === 0 || input.length > MASK_MAX_BYTES) throw refused(MASK_TEXTS.notPng, coded('error.maskNotPng'));
  const type = await fileTypeFromBuffer(input);
  if (type?.mime !== 'image/png') throw refused(MASK_TEXTS.notPng, coded('error.maskNotPng'));
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.width || !header.height || header.format !== 'png') throw refused(MASK_TEXTS.notPng, coded('error.maskNotPng'));
  if (header.width !== image.width || header.height !== image.height)
    throw refused(
      MASK_TEXTS.wrongSize(image, { width: header.width, height: header.height }),
      coded('error.maskWrongSize', { gotWidth: header.width, gotHeight: header.height, width: image.width, height: image.height }),
    );
  const { data, info } = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw refused(MASK_TEXTS.notPng, coded('error.maskNotPng'));
    });
  const pixels = info.width * info.height;
  const channels = info.channels;
  const selected = Buffer.alloc(pixels);
  let count = 0;
  for (let pixel = 0, offset = 0; pixel < pixels; pixel += 1, offset += channels) {
    // Greyscale+alpha PNGs decode to two channels; colour ones to four.
    const luma = channels >= 3 ? (data[offset]! * 77 + data[offset + 1]! * 150 + data[offset + 2]! * 29) >> 8 : data[offset]!;
    const alpha = data[offset + channels - 1]!;
    if (luma * alpha > 127 * 255) {
      selected[pixel] = 255;
      count += 1;
    }
  }
  if (count === 0) throw refused(MASK_TEXTS.empty, coded('error.maskEmpty'));
  const png = await sharp(selected, { raw: { width: info.width, height: info.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  return { png, width: info.width, height: info.height, coverage: count / pixels };
}

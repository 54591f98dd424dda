import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import type { CodedText } from '@shared/coded-text';
import { coded } from '@shared/coded-text';
import { AppError } from '@shared/errors';
import { JPEG_REENCODE_QUALITY } from '@shared/constants';
import { UPLOAD_ALLOWED_MIME_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@shared/studio';
import { extensionOf } from '../../storage/storage-keys';
import { toThumbnail } from '../../storage/thumbnails';

type AllowedMimeType = (typeof UPLOAD_ALLOWED_MIME_TYPES)[number];

export interface PreparedImage {
  data: Buffer;
  mimeType: AllowedMimeType;
  extension: string;
  width: number;
  height: number;
  thumbnail: Buffer;
}

/** The spec's 'Failed to upload file: {reason}', as UPLOAD_FAILED; `text` is the same in the reader's language. */
export function uploadFailed(reason: string, text: CodedText, status?: number): AppError {
  return new AppError('UPLOAD_FAILED', `Failed to upload file: ${reason}`, status ? { status, text } : { text });
}

/** The size limit's refusal, the same whether the body or the decoded file is too large. */
export function uploadTooLarge(): AppError {
  const megabytes = UPLOAD_MAX_BYTES / 1024 / 1024;
  return uploadFailed(`the file is larger than ${megabytes} MB`, coded('error.uploadTooLarge', { megabytes }), 413);
}

const isAllowed = (mime: string): mime is AllowedMimeType => (UPLOAD_ALLOWED_MIME_TYPES as readonly string[]).includes(mime);

/**
 * Turns untrusted upload bytes into a clean image, or refuses them:
 * - the type comes from the magic bytes, never from the name or the browser's Content-Type;
 * - the pixel count is read from the header before anything is decoded, so a tiny file that
 *   inflates to gigabytes is refused at once (and sharp's own limit guards the decode too);
 * - the re-encode applies the EXIF orientation and drops all metadata (GPS, camera, XMP), since
 *   sharp keeps none unless asked to; a truncated or corrupt file fails here.
 * HEIC is not accepted: this sharp build decodes HEIF only as AVIF (no HEVC decoder).
 */
export async function prepareUploadedImage(input: Buffer): Promise<PreparedImage> {
  if (input.length === 0) throw uploadFailed('the file is empty', coded('error.uploadEmpty'));
  if (input.length > UPLOAD_MAX_BYTES) throw uploadTooLarge();

  const detected = await fileTypeFromBuffer(input);
  if (!detected || !isAllowed(detected.mime))
    throw uploadFailed('only JPEG, PNG and WebP images are allowed', coded('error.uploadWrongType'));
  const mimeType = detected.mime;

  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.width || !header.height || `image/${header.format}` !== mimeType)
    throw uploadFailed('the image could not be read', coded('error.uploadUnreadable'));
  if (header.width * header.height > UPLOAD_MAX_PIXELS) {
    throw uploadFailed(
      `the image is ${header.width}×${header.height} pixels; at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels are allowed`,
      coded('error.uploadTooManyPixels', { width: header.width, height: header.height, megapixels: UPLOAD_MAX_PIXELS / 1_000_000 }),
    );
  }

  const decoded = () => sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' }).autoOrient();
  try {
    // One after the other: an upload takes one core at a time (uploads.service.ts bounds how many run).
    const main = await encodeAs(decoded(), mimeType).toBuffer({ resolveWithObject: true });
    const thumbnail = await toThumbnail(decoded()).toBuffer();
    return { data: main.data, mimeType, extension: extensionOf(mimeType), width: main.info.width, height: main.info.height, thumbnail };
  } catch {
    throw uploadFailed('the image is damaged or incomplete', coded('error.uploadDamaged'));
  }
}

function encodeAs(image: Sharp, mimeType: AllowedMimeType): Sharp {
  switch (mimeType) {
    case 'image/jpeg':
      return image.jpeg({ quality: Math.round(JPEG_REENCODE_QUALITY * 100) });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: 90 });
  }
}

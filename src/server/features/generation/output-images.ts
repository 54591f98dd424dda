import sharp from 'sharp';
import { aspectRatioValue, type AspectRatio } from '@shared/generation';
import { toThumbnail } from '../../storage/thumbnails';

const STORABLE_AS_IS = new Set(['png', 'jpeg', 'webp']);
const MIME_OF: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export interface StoredOutput {
  data: Buffer;
  width: number;
  height: number;
  mimeType: string;
}

/**
 * Makes an engine's picture ready to store: in the requested aspect ratio exactly (hosted models
 * offer only a few sizes, so we crop to the most interesting region). A picture that already fits
 * is stored byte for byte: re-encoding would cost more time than the rest of the pipeline.
 */
export async function prepareOutput(input: Buffer, aspectRatio: AspectRatio): Promise<StoredOutput> {
  const metadata = await sharp(input, { limitInputPixels: 64_000_000 }).metadata();
  const { width = 0, height = 0, format = '' } = metadata;
  const ratio = aspectRatioValue(aspectRatio);
  const fits = !ratio || width === 0 || height === 0 || Math.abs(width / height - ratio) <= 0.01;
  const upright = (metadata.orientation ?? 1) === 1;
  if (fits && upright && STORABLE_AS_IS.has(format)) return { data: input, width, height, mimeType: MIME_OF[format]! };

  let outWidth = width;
  let outHeight = height;
  if (!fits) {
    if (width / height > ratio!) outWidth = Math.round(height * ratio!);
    else outHeight = Math.round(width / ratio!);
  }
  const data = await sharp(input, { limitInputPixels: 64_000_000 })
    .rotate()
    .resize(outWidth, outHeight, { fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: 90 })
    .toBuffer();
  return { data, width: outWidth, height: outHeight, mimeType: 'image/webp' };
}

/** The card-sized copy the library and chat show. */
export function thumbnailOf(image: Buffer): Promise<Buffer> {
  return toThumbnail(sharp(image)).toBuffer();
}

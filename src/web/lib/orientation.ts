import { JPEG_REENCODE_QUALITY } from '@shared/constants';

/**
 * Photos are turned upright in the browser before upload: a camera stores the
 * pixels as the sensor saw them and an EXIF tag saying how to rotate them. A tag other than 1
 * means the photo is redrawn upright and re-encoded as JPEG at 0.95; any failure uploads the
 * original untouched.
 */

export const CANVAS_CONTEXT_ERROR = 'Could not get canvas context';
export const CANVAS_BLOB_ERROR = 'Failed to create blob from canvas';

const ORIENTATION_TAG = 0x0112;
/** EXIF sits in APP1 near the start of the file; a camera's thumbnail keeps it under 64 KiB. */
const EXIF_SEARCH_BYTES = 128 * 1024;

/** The orientation tag of a JPEG's EXIF block (1..8), or 1 when it has none or is not a JPEG. */
export function orientationFromJpegBytes(buffer: ArrayBuffer): number {
  const view = new DataView(buffer);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return 1;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    // Start of scan or end of image: no metadata segment can follow.
    if (marker === 0xffda || marker === 0xffd9 || (marker & 0xff00) !== 0xff00) return 1;
    const segmentLength = view.getUint16(offset + 2);
    if (marker === 0xffe1 && isExifHeader(view, offset + 4)) {
      return orientationFromTiff(view, offset + 10, Math.min(view.byteLength, offset + 2 + segmentLength)) ?? 1;
    }
    offset += 2 + segmentLength;
  }
  return 1;
}

function isExifHeader(view: DataView, offset: number): boolean {
  // "Exif\0\0"
  return offset + 6 <= view.byteLength && view.getUint32(offset) === 0x45786966 && view.getUint16(offset + 4) === 0;
}

function orientationFromTiff(view: DataView, tiffStart: number, end: number): number | null {
  if (tiffStart + 8 > end) return null;
  const byteOrder = view.getUint16(tiffStart);
  if (byteOrder !== 0x4949 && byteOrder !== 0x4d4d) return null;
  const little = byteOrder === 0x4949;
  const ifdOffset = view.getUint32(tiffStart + 4, little);
  const ifdStart = tiffStart + ifdOffset;
  if (ifdStart + 2 > end) return null;
  const entries = view.getUint16(ifdStart, little);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifdStart + 2 + i * 12;
    if (entry + 12 > end) return null;
    if (view.getUint16(entry, little) === ORIENTATION_TAG) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

export async function readOrientation(file: Blob): Promise<number> {
  const head = await file.slice(0, EXIF_SEARCH_BYTES).arrayBuffer();
  return orientationFromJpegBytes(head);
}

/**
 * Draws the photo upright on a canvas and encodes it as JPEG. The browser's decoder applies the
 * EXIF rotation itself when asked for 'from-image', so no manual transform is needed.
 */
export async function redrawUpright(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error(CANVAS_CONTEXT_ERROR);
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_REENCODE_QUALITY));
    if (!blob) throw new Error(CANVAS_BLOB_ERROR);
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

function jpegName(name: string): string {
  return /\.jpe?g$/i.test(name) ? name : `${name.replace(/\.[^.]*$/, '')}.jpg`;
}

/** The file to upload: upright when its tag asked for a rotation, else (or on any failure) the original. */
export async function correctOrientation(file: File): Promise<File> {
  try {
    if ((await readOrientation(file)) === 1) return file;
    return await redrawUpright(file);
  } catch {
    return file;
  }
}

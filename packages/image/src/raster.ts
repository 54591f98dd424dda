import sharp, { type Sharp } from 'sharp';

/**
 * The local engine works on plain 8-bit sRGB pixels (3 channels, no alpha). Every step takes a
 * raster and returns a new one, so steps compose in the order the request names them; sharp applies
 * the operations of one pipeline in its own fixed order, which would not.
 */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

/** Large enough for a sharp result on screen, small enough that every style stays well under a second. */
export const WORKING_MAX_SIDE = 2048;

/** Pixel-flood guard for decoding: bigger than any camera photo, far below what would exhaust memory. */
export const MAX_INPUT_PIXELS = 100_000_000;

export const OUTPUT_MIME_TYPE = 'image/jpeg';

/** Decodes any image sharp reads, upright (EXIF orientation applied), flattened on white, scaled down to the working size. */
export async function decodeToRaster(input: Buffer, maxSide = WORKING_MAX_SIDE): Promise<Raster> {
  return toRaster(
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' }),
  );
}

export function pipelineOf(raster: Raster): Sharp {
  return sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 3 } });
}

/** Runs a sharp pipeline to raw pixels, whatever channels it ends with (grey gains colour channels, alpha goes). */
export async function toRaster(pipeline: Sharp): Promise<Raster> {
  // libvips drops an alpha channel (a composite's, a PNG's) as it writes: copying 12 megapixels out of RGBA here took 120 ms.
  const { data, info } = await pipeline.toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  if (info.channels === 3) return { data, width: info.width, height: info.height };
  const rgb = Buffer.allocUnsafe(pixels * 3);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const source = pixel * info.channels;
    const target = pixel * 3;
    if (info.channels < 3) {
      rgb[target] = rgb[target + 1] = rgb[target + 2] = data[source]!;
    } else {
      rgb[target] = data[source]!;
      rgb[target + 1] = data[source + 1]!;
      rgb[target + 2] = data[source + 2]!;
    }
  }
  return { data: rgb, width: info.width, height: info.height };
}

export async function withSharp(raster: Raster, build: (pipeline: Sharp) => Sharp): Promise<Raster> {
  return toRaster(build(pipelineOf(raster)));
}

export function createRaster(width: number, height: number, fill: readonly [number, number, number] = [0, 0, 0]): Raster {
  const data = Buffer.allocUnsafe(width * height * 3);
  for (let index = 0; index < data.length; index += 3) {
    data[index] = fill[0];
    data[index + 1] = fill[1];
    data[index + 2] = fill[2];
  }
  return { data, width, height };
}

/** Rec. 601 luma, the brightness people perceive well enough for tone work. */
export function lumaOf(raster: Raster): Uint8Array {
  const { data } = raster;
  const luma = new Uint8Array(raster.width * raster.height);
  for (let pixel = 0, index = 0; pixel < luma.length; pixel += 1, index += 3) {
    luma[pixel] = (data[index]! * 77 + data[index + 1]! * 150 + data[index + 2]! * 29) >> 8;
  }
  return luma;
}

export function rasterFromLuma(luma: Uint8Array, width: number, height: number): Raster {
  const data = Buffer.allocUnsafe(width * height * 3);
  for (let pixel = 0, index = 0; pixel < luma.length; pixel += 1, index += 3) {
    data[index] = data[index + 1] = data[index + 2] = luma[pixel]!;
  }
  return { data, width, height };
}

/** Scale for sizes that should look the same at any resolution (kernel radii, dot sizes): 1 at 1024 px. */
export function sizeScale(raster: Raster): number {
  return Math.max(raster.width, raster.height) / 1024;
}

/**
 * Full chroma keeps thin coloured lines (neon, pixel art) crisp; skipping Huffman optimisation makes
 * encoding three times faster for a few percent more bytes. A photo edited at its own resolution
 * (`photo`) is a camera picture with no such lines: half-resolution chroma, as cameras store it, is
 * a quarter faster to encode at 12 megapixels.
 */
export async function encodeRaster(raster: Raster, { photo = false }: { photo?: boolean } = {}): Promise<Buffer> {
  return pipelineOf(raster)
    .jpeg({ quality: 90, chromaSubsampling: photo ? '4:2:0' : '4:4:4', optimiseCoding: false })
    .toBuffer();
}

/** A cut-out: the picture with its mask as the alpha channel, as a PNG (JPEG has no transparency). */
export async function encodeWithAlpha(raster: Raster, alpha: Uint8Array): Promise<Buffer> {
  // libvips joins the mask as a fourth channel as it encodes, strip by strip: no RGBA copy of the picture is made.
  const mask = Buffer.from(alpha.buffer, alpha.byteOffset, alpha.byteLength);
  // Fast zlib settings: a 12-megapixel PNG at the default level takes seconds.
  return pipelineOf(raster)
    .joinChannel(mask, { raw: { width: raster.width, height: raster.height, channels: 1 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

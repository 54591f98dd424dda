import sharp from 'sharp';
import { pipelineOf, toRaster, type Raster } from '../raster';
import { runVision } from './vision-client';

/**
 * Super-resolution with ESRGAN (the slim ×2 RDN network of @upscalerjs/esrgan-slim, MIT) on the
 * vision worker, tile by tile: 128-pixel tiles (the size it was trained on) read with a few pixels
 * of their neighbours, so no seam shows where tiles meet.
 */

const TILE = 128;
const OVERLAP = 6;

/** Twice the width and height, with detail the network draws in rather than blur. */
export async function upscaleTwice(picture: Raster, signal?: AbortSignal): Promise<Raster> {
  const { width, height } = picture;
  const out = Buffer.alloc(width * 2 * height * 2 * 3);
  for (let top = 0; top < height; top += TILE) {
    for (let left = 0; left < width; left += TILE) {
      signal?.throwIfAborted();
      const x0 = Math.max(0, left - OVERLAP);
      const y0 = Math.max(0, top - OVERLAP);
      const x1 = Math.min(width, left + TILE + OVERLAP);
      const y1 = Math.min(height, top + TILE + OVERLAP);
      const tile = await toRaster(pipelineOf(picture).extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }));
      const { rgb, width: upWidth } = await runVision(
        { kind: 'upscale', rgb: new Uint8Array(tile.data), width: tile.width, height: tile.height },
        signal,
      );
      // Keep the tile's own part, doubled; the overlap was only context.
      const keepWidth = Math.min(TILE, width - left) * 2;
      const keepHeight = Math.min(TILE, height - top) * 2;
      const offsetX = (left - x0) * 2;
      const offsetY = (top - y0) * 2;
      for (let row = 0; row < keepHeight; row += 1) {
        const from = ((offsetY + row) * upWidth + offsetX) * 3;
        out.set(rgb.subarray(from, from + keepWidth * 3), ((top * 2 + row) * width * 2 + left * 2) * 3);
      }
    }
  }
  return { data: out, width: width * 2, height: height * 2 };
}

/** A cut-out's transparency at the upscaled size (smooth: a mask has no detail to redraw). */
export async function upscaleMask(alpha: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const { data } = await sharp(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.length), {
    raw: { width: width / 2, height: height / 2, channels: 1 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

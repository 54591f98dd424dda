import { type AspectFit, type AspectRatio } from '@photomuse/request-language';
import sharp from 'sharp';
import { pipelineOf, toRaster, WORKING_MAX_SIDE, type Raster } from './raster';

const RATIO_PATTERN = /^([1-9]\d{0,2}):([1-9]\d{0,2})$/;

/** Width divided by height; null for 'unchanged' (the source decides). */
export function aspectRatioValue(ratio: AspectRatio): number | null {
  const match = RATIO_PATTERN.exec(ratio);
  return match ? Number(match[1]) / Number(match[2]) : null;
}

/** The largest size of the ratio that fits inside width × height. */
export function sizeForRatio(width: number, height: number, ratio: number): { width: number; height: number } {
  if (width / height > ratio) return { width: Math.max(1, Math.round(height * ratio)), height };
  return { width, height: Math.max(1, Math.round(width / ratio)) };
}

/** The smallest size of the ratio that contains width × height. */
function sizeAroundRatio(width: number, height: number, ratio: number): { width: number; height: number } {
  if (width / height > ratio) return { width, height: Math.max(1, Math.round(width / ratio)) };
  return { width: Math.max(1, Math.round(height * ratio)), height };
}

export function matchesRatio(raster: Raster, ratio: number): boolean {
  const exact = sizeForRatio(raster.width, raster.height, ratio);
  return exact.width === raster.width && exact.height === raster.height;
}

export async function fitToAspectRatio(raster: Raster, aspectRatio: AspectRatio, fit: AspectFit): Promise<Raster> {
  return fitToRatio(raster, aspectRatioValue(aspectRatio), fit);
}

/** Width divided by height; null keeps the picture's own shape. */
export async function fitToRatio(raster: Raster, ratio: number | null, fit: AspectFit): Promise<Raster> {
  if (ratio === null || matchesRatio(raster, ratio)) return raster;
  return fit === 'crop' ? cropToRatio(raster, ratio) : padToRatio(raster, ratio);
}

/** libvips' attention strategy keeps the region with the most skin tone, saturation and detail. */
async function cropToRatio(raster: Raster, ratio: number): Promise<Raster> {
  const size = sizeForRatio(raster.width, raster.height, ratio);
  return toRaster(pipelineOf(raster).resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention }));
}

/** The whole picture, centred on a blurred, dimmed enlargement of itself (no hard bars). */
async function padToRatio(raster: Raster, ratio: number): Promise<Raster> {
  let foreground = raster;
  let size = sizeAroundRatio(raster.width, raster.height, ratio);
  const shrink = WORKING_MAX_SIDE / Math.max(size.width, size.height);
  if (shrink < 1) {
    foreground = await toRaster(
      pipelineOf(raster).resize(Math.max(1, Math.round(raster.width * shrink)), Math.max(1, Math.round(raster.height * shrink)), {
        fit: 'fill',
      }),
    );
    size = sizeAroundRatio(foreground.width, foreground.height, ratio);
  }
  // One resize per sharp pipeline: shrink and blur first, then enlarge.
  const smallBackdrop = await toRaster(
    pipelineOf(foreground)
      .resize(Math.max(1, Math.round(size.width / 8)), Math.max(1, Math.round(size.height / 8)), { fit: 'cover' })
      .blur(6)
      .modulate({ brightness: 0.7 }),
  );
  const backdrop = await pipelineOf(smallBackdrop).resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
  return toRaster(
    sharp(backdrop, { raw: { width: size.width, height: size.height, channels: 3 } }).composite([
      {
        input: foreground.data,
        raw: { width: foreground.width, height: foreground.height, channels: 3 },
        left: Math.round((size.width - foreground.width) / 2),
        top: Math.round((size.height - foreground.height) / 2),
      },
    ]),
  );
}

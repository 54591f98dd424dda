import sharp from 'sharp';
import type { EngineImage, EngineMask } from './image-engine';

/**
 * The one selected area in each engine's own form. The server's mask is a one-channel PNG of the
 * photo's size, 255 where the edit may change it.
 */

/** images.edit takes a mask PNG of less than 4MB; a margin below it. */
const OPENAI_MASK_MAX_BYTES = 4 * 1024 * 1024 - 64 * 1024;
/** The longest side sent to images.edit with a mask: the GPT image models work at about 1.5k pixels. */
const OPENAI_MASKED_MAX_SIDE = 2048;

/**
 * OpenAI images.edit: the photo as PNG and a mask of exactly its size whose fully transparent
 * pixels (alpha 0) are where the image is edited, opaque elsewhere. Both are scaled down together
 * until the mask is under the API's 4MB (a brushed mask is far smaller; a noisy one need not be).
 */
export async function openAiMaskedPair(
  image: EngineImage,
  mask: EngineMask,
): Promise<{ image: Buffer; mask: Buffer; width: number; height: number }> {
  let scale = Math.min(1, OPENAI_MASKED_MAX_SIDE / Math.max(mask.width, mask.height));
  for (;;) {
    const width = Math.max(1, Math.round(mask.width * scale));
    const height = Math.max(1, Math.round(mask.height * scale));
    const selected = await sharp(mask.png).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
    const rgba = Buffer.alloc(width * height * 4);
    // Black and opaque where kept, transparent where the edit may change the picture.
    for (let pixel = 0; pixel < selected.length; pixel += 1) rgba[pixel * 4 + 3] = selected[pixel]! >= 128 ? 0 : 255;
    const maskPng = await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    if (maskPng.length < OPENAI_MASK_MAX_BYTES || width * height <= 64 * 64) {
      const photo = await sharp(image.data).rotate().resize(width, height, { fit: 'fill' }).png().toBuffer();
      return { image: photo, mask: maskPng, width, height };
    }
    scale *= 0.7;
  }
}

/** A white-on-black PNG of the given size (AUTOMATIC1111 repaints white; Gemini reads it as a picture). */
export async function whiteOnBlackMask(mask: EngineMask, size?: { width: number; height: number }): Promise<Buffer> {
  const image = sharp(mask.png);
  return (
    size && (size.width !== mask.width || size.height !== mask.height) ? image.resize(size.width, size.height, { fit: 'fill' }) : image
  )
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/**
 * ComfyUI's /upload/mask: a PNG of the photo's size whose alpha becomes the photo's alpha;
 * LoadImage's MASK is 1 - alpha, so the area to repaint is transparent (alpha 0), the rest opaque.
 */
export async function comfyUiAlphaMask(mask: EngineMask): Promise<Buffer> {
  const selected = await sharp(mask.png).extractChannel(0).raw().toBuffer();
  const rgba = Buffer.alloc(mask.width * mask.height * 4);
  for (let pixel = 0; pixel < selected.length; pixel += 1) rgba[pixel * 4 + 3] = selected[pixel]! >= 128 ? 0 : 255;
  return sharp(rgba, { raw: { width: mask.width, height: mask.height, channels: 4 } })
    .png()
    .toBuffer();
}

import { looksLikeSkin } from '../colours';
import { type Raster } from '../raster';
import { chroma, chromaDistance, learnChroma } from './chroma-model';
import { type Face } from './faces';

/**
 * Which pixels are skin. The model is learnt from the photo itself: the chroma (Cb, Cr) of the
 * cheeks, nose and forehead of each detected face, so it fits this person's skin under this light;
 * a pixel is skin by its distance from that. Without a face, the classic YCbCr skin box stands in.
 */

export interface SkinModel {
  /** 0 (not skin) to 1 (skin) for a pixel's colour. */
  likelihood(r: number, g: number, b: number): number;
}

export const BOX_SKIN_MODEL: SkinModel = { likelihood: (r, g, b) => (looksLikeSkin(r, g, b) ? 1 : 0) };

export function skinModel(picture: Raster, faces: readonly Face[]): SkinModel {
  const samples: [number, number, number][] = [];
  for (const face of faces) {
    const width = face.right - face.left;
    const height = face.bottom - face.top;
    // An ellipse around the face's middle. Eyes, brows, glasses and lips fall out by luma and the skin box.
    const centreX = (face.left + face.right) / 2;
    const centreY = face.top + height * 0.5;
    const step = Math.max(1, Math.round(width / 60));
    for (let y = Math.max(0, Math.round(face.top)); y < Math.min(picture.height, face.bottom); y += step) {
      for (let x = Math.max(0, Math.round(face.left)); x < Math.min(picture.width, face.right); x += step) {
        const dx = (x - centreX) / (width * 0.36);
        const dy = (y - centreY) / (height * 0.42);
        if (dx * dx + dy * dy > 1) continue;
        const index = (y * picture.width + x) * 3;
        const r = picture.data[index]!;
        const g = picture.data[index + 1]!;
        const b = picture.data[index + 2]!;
        const luma = 0.299 * r + 0.587 * g + 0.114 * b;
        if (luma < 45 || luma > 245 || !looksLikeSkin(r, g, b)) continue;
        samples.push([r, g, b]);
      }
    }
  }
  const model = learnChroma(samples);
  if (!model) return BOX_SKIN_MODEL;
  return {
    likelihood(r, g, b) {
      // Skin always has some warmth: whites, greys and blacks are never skin, however pale the face.
      const [cb, cr] = chroma(r, g, b);
      if (cr - 128 < 4 || 128 - cb < 2) return 0;
      const distance = chromaDistance(model, r, g, b);
      // Within three standard deviations is skin (the neck and arms are a little redder or darker than the cheeks), fading out by four.
      return distance <= 9 ? 1 : distance >= 16 ? 0 : (16 - distance) / 7;
    },
  };
}

import { hslToRgb, rgbToHsl } from '../colours';
import { adjustColour, applyCurves, blend, curve, edgeMagnitude, vignette } from '../pixel-ops';
import { withSharp, type Raster } from '../raster';
import { darkLines, flatten } from './drawing-styles';
import { type StyleLook } from './style';

/** Illustration looks the landing page and the spec name: anime, digital art, 3D render. */

/**
 * Cel shading: every pixel keeps its hue and takes a livelier saturation, and its lightness snaps
 * to a few tones with short soft steps between them, as an animator paints light and shadow.
 */
function celShade(raster: Raster, tones: readonly number[], saturationGain: number): Raster {
  const bands = tones.length;
  const lightness = new Float64Array(256);
  for (let value = 0; value < 256; value += 1) {
    const position = (value / 255) * bands;
    const band = Math.min(bands - 1, Math.floor(position));
    const within = position - band;
    // The last 15% of each band blends into the next: a soft terminator, not a hard posterize step.
    const blendIn = band < bands - 1 ? Math.max(0, (within - 0.85) / 0.15) : 0;
    lightness[value] = tones[band]! + (blendIn > 0 ? (tones[band + 1]! - tones[band]!) * blendIn : 0);
  }
  const data = Buffer.allocUnsafe(raster.data.length);
  const hsl = new Float64Array(3);
  const rgb = new Float64Array(3);
  for (let index = 0; index < data.length; index += 3) {
    rgbToHsl(raster.data[index]!, raster.data[index + 1]!, raster.data[index + 2]!, hsl);
    // A dark pixel's hue is mostly noise: lifted into a lighter tone it would glow blue or green, so its colour fades with its darkness.
    const trust = Math.min(1, hsl[2]! / 0.3);
    hslToRgb(hsl[0]!, Math.min(1, hsl[1]! * saturationGain * trust * trust), lightness[Math.round(hsl[2]! * 255)]!, rgb);
    data[index] = rgb[0]!;
    data[index + 1] = rgb[1]!;
    data[index + 2] = rgb[2]!;
  }
  return { data, width: raster.width, height: raster.height };
}

export const illustrationLooks: StyleLook[] = [
  {
    id: 'anime',
    apply: async (raster, { scale }) => {
      const flat = await flatten(raster, Math.max(1.2, 1.6 * scale), 5);
      const shaded = celShade(flat, [0.2, 0.5, 0.72, 0.9], 1.35);
      // Thin, clean ink lines only where the photo has real edges.
      const edges = await edgeMagnitude(raster, 1.3 * scale);
      return darkLines(shaded, edges, 150, 60);
    },
  },
  {
    id: 'digital-art',
    apply: async (raster, { scale }) => {
      // Smooth painted areas, crisp where it matters (clarity), vivid colour, a glow round the lights, cool shadows and warm highlights.
      const painted = await withSharp(await flatten(raster, Math.max(1.1, 1.3 * scale), 3), (pipeline) =>
        pipeline.sharpen({ sigma: Math.max(0.5, 2 * scale), m1: 0.5, m2: 3 }),
      );
      const vivid = adjustColour(painted, { saturation: 1.4, contrast: 1.12 });
      const highlights = applyCurves(
        vivid,
        curve([
          [0, 0],
          [170, 0],
          [255, 255],
        ]),
      );
      const glow = await withSharp(highlights, (pipeline) => pipeline.blur(Math.max(1, 12 * scale)));
      const bloomed = blend(vivid, glow, 'screen', 0.7);
      return applyCurves(
        bloomed,
        curve([
          [0, 0],
          [128, 134],
          [255, 255],
        ]),
        curve([
          [0, 4],
          [128, 128],
          [255, 250],
        ]),
        curve([
          [0, 24],
          [128, 126],
          [255, 228],
        ]),
      );
    },
  },
  {
    id: '3d-render',
    apply: async (raster, { scale }) => {
      // Surfaces smoothed to plastic, shaded by their own blurred light (volume, soft occlusion in the creases), glossy highlights, a lens vignette.
      const smooth = await withSharp(await flatten(raster, Math.max(1.5, 2.4 * scale), 7), (pipeline) =>
        pipeline.blur(Math.max(0.4, 0.8 * scale)),
      );
      const volume = await withSharp(smooth, (pipeline) => pipeline.greyscale().blur(Math.max(1, 8 * scale)));
      const shaded = blend(smooth, volume, 'soft-light', 0.9);
      const glossy = applyCurves(
        adjustColour(shaded, { saturation: 1.3, contrast: 1.08 }),
        curve([
          [0, 12],
          [64, 58],
          [190, 208],
          [232, 252],
          [255, 255],
        ]),
      );
      return vignette(glossy, 0.3);
    },
  },
];

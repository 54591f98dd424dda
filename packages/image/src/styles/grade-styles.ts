import { hslToRgb, rgbToHsl } from '../colours';
import {
  addGrain,
  adjustColour,
  applyCurves,
  blend,
  curve,
  gradientMap,
  mixByMask,
  softBlur,
  stretchContrast,
  vignette,
  type Rgb,
} from '../pixel-ops';
import { seededRandom } from '../random';
import { pipelineOf, toRaster, withSharp, type Raster } from '../raster';
import { type StyleLook } from './style';

/** Colour grades: cinema, seasons, film processes, camera quirks, and duotones. */

/** Tints shadows with one colour and highlights with another, blended soft-light over the photo. */
function splitTone(raster: Raster, shadows: Rgb, highlights: Rgb, opacity: number): Raster {
  const tint = Buffer.allocUnsafe(raster.data.length);
  for (let index = 0; index < tint.length; index += 3) {
    const t = (raster.data[index]! * 77 + raster.data[index + 1]! * 150 + raster.data[index + 2]! * 29) / 65280;
    tint[index] = shadows[0] + (highlights[0] - shadows[0]) * t;
    tint[index + 1] = shadows[1] + (highlights[1] - shadows[1]) * t;
    tint[index + 2] = shadows[2] + (highlights[2] - shadows[2]) * t;
  }
  return blend(raster, { data: tint, width: raster.width, height: raster.height }, 'soft-light', opacity);
}

/** Greens and yellows turn to the oranges and reds of autumn leaves. */
function autumnLeaves(raster: Raster): Raster {
  const data = Buffer.allocUnsafe(raster.data.length);
  const hsl = new Float64Array(3);
  const rgb = new Float64Array(3);
  for (let index = 0; index < data.length; index += 3) {
    rgbToHsl(raster.data[index]!, raster.data[index + 1]!, raster.data[index + 2]!, hsl);
    const hue = hsl[0]!;
    const weight = hue > 45 && hue < 170 && hsl[1]! > 0.12 ? Math.min(1, (hsl[1]! - 0.12) * 5) : 0;
    if (weight === 0) {
      data[index] = raster.data[index]!;
      data[index + 1] = raster.data[index + 1]!;
      data[index + 2] = raster.data[index + 2]!;
      continue;
    }
    // Spread the greens over orange-red (15°-45°) so foliage keeps its variety.
    const newHue = 15 + ((hue - 45) / 125) * 30;
    hslToRgb(newHue, Math.min(1, hsl[1]! * 1.3), hsl[2]!, rgb);
    data[index] = raster.data[index]! + (rgb[0]! - raster.data[index]!) * weight;
    data[index + 1] = raster.data[index + 1]! + (rgb[1]! - raster.data[index + 1]!) * weight;
    data[index + 2] = raster.data[index + 2]! + (rgb[2]! - raster.data[index + 2]!) * weight;
  }
  return { data, width: raster.width, height: raster.height };
}

/** Adds back the difference from a wide blur: local contrast, the look of tone-mapped HDR, without halos of a small radius. */
function localContrast(raster: Raster, base: Raster, amount: number): Raster {
  const data = Buffer.allocUnsafe(raster.data.length);
  for (let index = 0; index < data.length; index += 1) {
    const value = raster.data[index]!;
    const detail = value - base.data[index]!;
    // Shadows open up a little, as tone mapping does.
    const lifted = value + (255 - value) * 0.12 * (1 - value / 255);
    data[index] = Math.max(0, Math.min(255, lifted + detail * amount));
  }
  return { data, width: raster.width, height: raster.height };
}

/** A white instant-film frame, wider at the bottom; the picture is cropped into it, so the size stays. */
async function polaroidFrame(raster: Raster): Promise<Raster> {
  const side = Math.round(Math.min(raster.width, raster.height) * 0.06);
  const bottom = Math.round(Math.min(raster.width, raster.height) * 0.2);
  const innerWidth = Math.max(1, raster.width - side * 2);
  const innerHeight = Math.max(1, raster.height - side - bottom);
  const inner = await toRaster(pipelineOf(raster).resize(innerWidth, innerHeight, { fit: 'cover' }));
  return toRaster(
    pipelineOf(inner).extend({
      top: side,
      left: side,
      right: raster.width - innerWidth - side,
      bottom: raster.height - innerHeight - side,
      background: { r: 246, g: 245, b: 240 },
    }),
  );
}

/** Scratches and dust of an old print. */
function scratches(raster: Raster, seed: number, scale: number): Raster {
  const random = seededRandom(seed);
  const data = Buffer.from(raster.data);
  const lines = 12 + Math.floor(random() * 10);
  for (let line = 0; line < lines; line += 1) {
    const x0 = Math.floor(random() * raster.width);
    const top = Math.floor(random() * raster.height * 0.6);
    const length = Math.floor(raster.height * (0.2 + random() * 0.8));
    const drift = (random() - 0.5) * 0.02;
    const light = random() < 0.6;
    for (let y = top; y < Math.min(raster.height, top + length); y += 1) {
      const x = Math.min(raster.width - 1, Math.max(0, Math.round(x0 + (y - top) * drift)));
      const index = (y * raster.width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1)
        data[index + channel] = light ? Math.min(255, data[index + channel]! + 60) : data[index + channel]! * 0.5;
    }
  }
  const specks = Math.round(400 * scale * scale);
  for (let speck = 0; speck < specks; speck += 1) {
    const x = Math.floor(random() * raster.width);
    const y = Math.floor(random() * raster.height);
    const index = (y * raster.width + x) * 3;
    const value = random() < 0.5 ? 30 : 235;
    data[index] = data[index + 1] = data[index + 2] = value;
  }
  return { data, width: raster.width, height: raster.height };
}

const SEPIA_MATRIX: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

function duotone(id: string, dark: Rgb, light: Rgb): StyleLook {
  return {
    id,
    apply: (raster) =>
      gradientMap(stretchContrast(raster), [
        { at: 0, colour: dark },
        { at: 1, colour: light },
      ]),
  };
}

export const gradeLooks: StyleLook[] = [
  {
    id: 'teal-orange',
    apply: (raster) =>
      adjustColour(splitTone(splitTone(raster, [0, 110, 130], [255, 150, 60], 1), [0, 110, 130], [255, 150, 60], 0.5), {
        saturation: 1.2,
        contrast: 1.06,
      }),
  },
  {
    id: 'cross-process',
    apply: (raster) =>
      adjustColour(
        applyCurves(
          raster,
          curve([
            [0, 0],
            [64, 45],
            [192, 225],
            [255, 255],
          ]),
          curve([
            [0, 12],
            [128, 145],
            [255, 245],
          ]),
          curve([
            [0, 70],
            [128, 118],
            [255, 180],
          ]),
        ),
        { saturation: 1.2 },
      ),
  },
  {
    id: 'lomo',
    apply: (raster) =>
      vignette(
        adjustColour(
          applyCurves(
            raster,
            curve([
              [0, 0],
              [70, 40],
              [180, 215],
              [255, 255],
            ]),
          ),
          { saturation: 1.6 },
        ),
        1,
        0.25,
      ),
  },
  {
    id: 'polaroid',
    apply: async (raster) => {
      const faded = applyCurves(
        raster,
        curve([
          [0, 38],
          [128, 138],
          [255, 238],
        ]),
        curve([
          [0, 30],
          [128, 132],
          [255, 240],
        ]),
        curve([
          [0, 50],
          [128, 124],
          [255, 220],
        ]),
      );
      return polaroidFrame(adjustColour(faded, { saturation: 0.85 }));
    },
  },
  {
    id: 'golden-hour',
    apply: async (raster) => {
      const warm = applyCurves(
        raster,
        curve([
          [0, 25],
          [128, 170],
          [255, 255],
        ]),
        curve([
          [0, 10],
          [128, 135],
          [255, 235],
        ]),
        curve([
          [0, 0],
          [128, 80],
          [255, 170],
        ]),
      );
      const glow = Buffer.allocUnsafe(warm.data.length);
      for (let y = 0; y < raster.height; y += 1) {
        for (let x = 0; x < raster.width; x += 1) {
          const distance = Math.hypot(x / raster.width - 0.85, y / raster.height - 0.1);
          const light = Math.max(0, 1 - distance / 0.9);
          const index = (y * raster.width + x) * 3;
          glow[index] = 255 * light;
          glow[index + 1] = 170 * light;
          glow[index + 2] = 60 * light;
        }
      }
      return blend(warm, { data: glow, width: raster.width, height: raster.height }, 'screen', 0.6);
    },
  },
  {
    id: 'autumn',
    apply: (raster) => adjustColour(splitTone(autumnLeaves(raster), [90, 40, 10], [255, 190, 90], 0.7), { saturation: 1.15 }),
  },
  {
    id: 'winter',
    apply: (raster) => {
      const pale = adjustColour(raster, { saturation: 0.45 });
      return applyCurves(
        pale,
        curve([
          [0, 20],
          [128, 140],
          [255, 245],
        ]),
        curve([
          [0, 40],
          [128, 160],
          [255, 252],
        ]),
        curve([
          [0, 80],
          [128, 190],
          [255, 255],
        ]),
      );
    },
  },
  {
    id: 'vivid',
    apply: (raster) => adjustColour(raster, { saturation: 1.9, contrast: 1.08 }),
  },
  {
    id: 'muted',
    apply: (raster) =>
      applyCurves(
        adjustColour(raster, { saturation: 0.35 }),
        curve([
          [0, 25],
          [128, 120],
          [255, 215],
        ]),
      ),
  },
  {
    id: 'cyberpunk',
    apply: (raster) =>
      adjustColour(
        splitTone(
          applyCurves(
            raster,
            curve([
              [0, 0],
              [70, 40],
              [190, 220],
              [255, 255],
            ]),
          ),
          [0, 190, 255],
          [255, 0, 190],
          1,
        ),
        { saturation: 1.4 },
      ),
  },
  {
    id: 'vaporwave',
    apply: (raster) =>
      gradientMap(raster, [
        { at: 0, colour: [26, 8, 60] },
        { at: 0.35, colour: [140, 30, 170] },
        { at: 0.7, colour: [255, 95, 170] },
        { at: 1, colour: [120, 245, 255] },
      ]),
  },
  {
    id: 'hdr',
    apply: async (raster, { scale }) => adjustColour(localContrast(raster, await softBlur(raster, 28 * scale), 1.1), { saturation: 1.4 }),
  },
  {
    id: 'tilt-shift',
    apply: async (raster, { scale }) => {
      const blurred = await softBlur(raster, 7 * scale);
      const mask = new Uint8Array(raster.width * raster.height);
      for (let y = 0; y < raster.height; y += 1) {
        const distance = Math.abs(y / raster.height - 0.55);
        const weight = Math.max(0, Math.min(1, (distance - 0.1) / 0.22));
        mask.fill(Math.round(weight * 255), y * raster.width, (y + 1) * raster.width);
      }
      return adjustColour(mixByMask(raster, blurred, mask), { saturation: 1.5, contrast: 1.1 });
    },
  },
  {
    id: 'film-grain',
    apply: (raster, { seed }) =>
      addGrain(
        applyCurves(
          raster,
          curve([
            [0, 8],
            [128, 128],
            [255, 246],
          ]),
        ),
        48,
        seed,
        true,
      ),
  },
  {
    id: 'old-photo',
    apply: async (raster, { seed, scale }) => {
      const sepia = await withSharp(raster, (pipeline) => pipeline.recomb(SEPIA_MATRIX).blur(Math.max(0.3, 0.9 * scale)));
      const faded = applyCurves(
        sepia,
        curve([
          [0, 55],
          [128, 125],
          [255, 215],
        ]),
      );
      return vignette(scratches(faded, seed, scale), 1, 0.2, [40, 25, 10]);
    },
  },
  {
    id: 'cyanotype',
    apply: (raster) => {
      const print = gradientMap(stretchContrast(raster), [
        { at: 0, colour: [8, 28, 82] },
        { at: 0.55, colour: [30, 90, 160] },
        { at: 0.85, colour: [200, 215, 230] },
        { at: 1, colour: [248, 246, 238] },
      ]);
      return vignette(print, 0.35, 0.5, [8, 28, 82]);
    },
  },
  duotone('duotone-blue', [12, 24, 70], [120, 215, 255]),
  duotone('duotone-pink', [45, 8, 70], [255, 130, 190]),
  duotone('duotone-red', [55, 0, 10], [255, 120, 105]),
  duotone('duotone-green', [5, 40, 32], [185, 255, 120]),
  duotone('duotone-purple-yellow', [55, 20, 100], [255, 225, 70]),
  duotone('duotone-sunset', [70, 12, 90], [255, 170, 60]),
];

import { addGrain, adjustColour, applyCurves, blend, curve, softBlur, vignette } from '../pixel-ops';
import { lumaOf, rasterFromLuma, withSharp, type Raster } from '../raster';
import { type StyleLook } from './style';

/** Tone and classic photographic looks: monochrome, film, light and shade. */

const SEPIA_MATRIX: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

function monochrome(raster: Raster, toneCurve: Uint8Array): Raster {
  const luma = lumaOf(raster);
  for (let pixel = 0; pixel < luma.length; pixel += 1) luma[pixel] = toneCurve[luma[pixel]!]!;
  return rasterFromLuma(luma, raster.width, raster.height);
}

export const toneLooks: StyleLook[] = [
  {
    id: 'black-and-white',
    apply: (raster) =>
      monochrome(
        raster,
        curve([
          [0, 0],
          [40, 30],
          [128, 128],
          [215, 225],
          [255, 255],
        ]),
      ),
  },
  {
    id: 'sepia',
    apply: (raster) => withSharp(raster, (pipeline) => pipeline.recomb(SEPIA_MATRIX)),
  },
  {
    id: 'vintage-film',
    apply: (raster, { seed }) => {
      const faded = applyCurves(
        raster,
        curve([
          [0, 42],
          [128, 140],
          [255, 236],
        ]),
        curve([
          [0, 30],
          [128, 126],
          [255, 222],
        ]),
        curve([
          [0, 48],
          [128, 108],
          [255, 186],
        ]),
      );
      return addGrain(vignette(adjustColour(faded, { saturation: 0.8 }), 0.45), 16, seed);
    },
  },
  {
    id: 'faded',
    apply: (raster) =>
      adjustColour(
        applyCurves(
          raster,
          curve([
            [0, 70],
            [128, 140],
            [255, 222],
          ]),
        ),
        { saturation: 0.6 },
      ),
  },
  {
    id: 'high-contrast',
    apply: (raster) =>
      adjustColour(
        applyCurves(
          raster,
          curve([
            [0, 0],
            [60, 22],
            [128, 128],
            [196, 236],
            [255, 255],
          ]),
        ),
        { saturation: 1.15 },
      ),
  },
  {
    id: 'dramatic',
    apply: (raster) =>
      vignette(
        adjustColour(
          applyCurves(
            raster,
            curve([
              [0, 0],
              [90, 45],
              [180, 160],
              [255, 235],
            ]),
          ),
          { saturation: 0.75 },
        ),
        0.8,
        0.35,
      ),
  },
  {
    id: 'high-key',
    apply: (raster) =>
      adjustColour(
        applyCurves(
          raster,
          curve([
            [0, 80],
            [128, 200],
            [255, 255],
          ]),
        ),
        { saturation: 0.8 },
      ),
  },
  {
    id: 'warm',
    apply: (raster) =>
      applyCurves(
        raster,
        curve([
          [0, 12],
          [128, 158],
          [255, 255],
        ]),
        curve([
          [0, 4],
          [128, 134],
          [255, 248],
        ]),
        curve([
          [0, 0],
          [128, 96],
          [255, 214],
        ]),
      ),
  },
  {
    id: 'cool',
    apply: (raster) =>
      applyCurves(
        raster,
        curve([
          [0, 0],
          [128, 100],
          [255, 222],
        ]),
        curve([
          [0, 4],
          [128, 132],
          [255, 250],
        ]),
        curve([
          [0, 18],
          [128, 162],
          [255, 255],
        ]),
      ),
  },
  {
    id: 'vignette',
    apply: (raster) => vignette(raster, 0.92, 0.3),
  },
  {
    id: 'dreamy',
    apply: async (raster, { scale }) => {
      const glow = adjustColour(await softBlur(raster, 14 * scale), { brightness: 1.1 });
      return adjustColour(blend(raster, glow, 'screen', 0.75), { saturation: 0.85 });
    },
  },
  {
    id: 'blur',
    apply: (raster, { scale }) => softBlur(raster, 9 * scale),
  },
  {
    id: 'emboss',
    apply: (raster, { scale }) =>
      withSharp(raster, (pipeline) =>
        pipeline
          .greyscale()
          .blur(Math.max(0.3, 0.8 * scale))
          .convolve({ width: 3, height: 3, kernel: [-2, -1, 0, -1, 0, 1, 0, 1, 2], scale: 1, offset: 128 }),
      ),
  },
  {
    id: 'invert',
    apply: (raster) => withSharp(raster, (pipeline) => pipeline.negate()),
  },
  {
    id: 'solarize',
    apply: (raster) =>
      applyCurves(
        raster,
        curve([
          [0, 0],
          [128, 255],
          [255, 0],
        ]),
      ),
  },
  {
    id: 'noir',
    apply: (raster, { seed }) =>
      addGrain(
        vignette(
          monochrome(
            raster,
            curve([
              [0, 0],
              [70, 18],
              [128, 120],
              [180, 225],
              [255, 255],
            ]),
          ),
          0.85,
          0.3,
        ),
        14,
        seed,
      ),
  },
];

import { addGrain, adjustColour, applyCurves, curve, edgeMagnitude, posterizeLut } from '../pixel-ops';
import { lumaOf, rasterFromLuma, withSharp, type Raster } from '../raster';
import { type StyleLook } from './style';

/** Drawn looks: lines come from Sobel edge detection (sharp's convolve), tone from the photo's brightness. */

/** Graphite lines over light shading on white paper. */
async function pencilSketch(raster: Raster, scale: number, seed: number): Promise<Raster> {
  const edges = await edgeMagnitude(raster, 1.1 * scale);
  const luma = lumaOf(raster);
  const out = new Uint8Array(luma.length);
  for (let pixel = 0; pixel < out.length; pixel += 1) {
    const shade = 175 + (luma[pixel]! * 80) / 255;
    out[pixel] = shade * (1 - edges[pixel]! / 255);
  }
  return addGrain(rasterFromLuma(out, raster.width, raster.height), 6, seed);
}

/** Multiplies a grey drawing with colours: every channel of the drawing scales the colour. */
function multiplyLuma(drawing: Raster, colour: Raster): Raster {
  const data = Buffer.allocUnsafe(colour.data.length);
  for (let index = 0; index < data.length; index += 1) data[index] = (drawing.data[index]! * colour.data[index]!) / 255;
  return { data, width: colour.width, height: colour.height };
}

export function darkLines(raster: Raster, edges: Uint8Array, threshold: number, softness: number): Raster {
  const data = Buffer.allocUnsafe(raster.data.length);
  for (let pixel = 0, index = 0; pixel < edges.length; pixel += 1, index += 3) {
    const ink = Math.max(0, Math.min(1, (edges[pixel]! - threshold) / softness));
    const keep = 1 - ink;
    data[index] = raster.data[index]! * keep;
    data[index + 1] = raster.data[index + 1]! * keep;
    data[index + 2] = raster.data[index + 2]! * keep;
  }
  return { data, width: raster.width, height: raster.height };
}

/**
 * Flat colour areas: shrink, median, enlarge; the median keeps the borders between areas sharp.
 * The shrink follows the picture's size, so areas look the same at any resolution.
 */
export async function flatten(raster: Raster, factor: number, medianSize: number): Promise<Raster> {
  const small = await withSharp(raster, (pipeline) =>
    pipeline
      .resize(Math.max(8, Math.round(raster.width / factor)), Math.max(8, Math.round(raster.height / factor)), { fit: 'fill' })
      .median(medianSize),
  );
  return withSharp(small, (pipeline) => pipeline.resize(raster.width, raster.height, { fit: 'fill' }));
}

export const drawingLooks: StyleLook[] = [
  {
    id: 'pencil-sketch',
    apply: (raster, { scale, seed }) => pencilSketch(raster, scale, seed),
  },
  {
    id: 'coloured-pencil',
    apply: async (raster, { scale, seed }) => {
      const drawing = await pencilSketch(raster, scale, seed);
      const pale = applyCurves(
        adjustColour(raster, { saturation: 1.5 }),
        curve([
          [0, 110],
          [255, 255],
        ]),
      );
      return multiplyLuma(drawing, pale);
    },
  },
  {
    id: 'charcoal',
    apply: async (raster, { scale, seed }) => {
      const edges = await edgeMagnitude(raster, 2.6 * scale, 1.2);
      const luma = lumaOf(raster);
      const out = new Uint8Array(luma.length);
      for (let pixel = 0; pixel < out.length; pixel += 1) {
        const tone = 60 + (luma[pixel]! * 190) / 255;
        out[pixel] = tone * (1 - Math.min(1, (edges[pixel]! * 1.2) / 255));
      }
      const smudged = await withSharp(rasterFromLuma(out, raster.width, raster.height), (pipeline) =>
        pipeline.blur(Math.max(0.3, 1.2 * scale)),
      );
      return addGrain(
        applyCurves(
          smudged,
          curve([
            [0, 0],
            [100, 70],
            [200, 235],
            [255, 250],
          ]),
        ),
        28,
        seed,
      );
    },
  },
  {
    id: 'ink',
    apply: async (raster, { scale }) => {
      const edges = await edgeMagnitude(raster, 1.6 * scale);
      const out = new Uint8Array(edges.length);
      for (let pixel = 0; pixel < out.length; pixel += 1) out[pixel] = edges[pixel]! > 120 ? 15 : 250;
      return withSharp(rasterFromLuma(out, raster.width, raster.height), (pipeline) => pipeline.blur(Math.max(0.3, 0.5 * scale)));
    },
  },
  {
    id: 'blueprint',
    apply: async (raster, { scale }) => {
      const edges = await edgeMagnitude(raster, 1.2 * scale);
      const grid = Math.max(8, Math.round(48 * scale));
      const data = Buffer.allocUnsafe(raster.data.length);
      for (let y = 0; y < raster.height; y += 1) {
        for (let x = 0; x < raster.width; x += 1) {
          const pixel = y * raster.width + x;
          const line = Math.min(1, edges[pixel]! / 140);
          const gridLine = x % grid === 0 || y % grid === 0 ? 0.18 : 0;
          const white = Math.max(line, gridLine);
          const index = pixel * 3;
          data[index] = 18 + (235 - 18) * white;
          data[index + 1] = 62 + (242 - 62) * white;
          data[index + 2] = 138 + (255 - 138) * white;
        }
      }
      return { data, width: raster.width, height: raster.height };
    },
  },
  {
    id: 'comic-book',
    apply: async (raster, { scale }) => {
      const flat = await flatten(raster, Math.max(1.2, 1.5 * scale), 3);
      const bold = adjustColour(applyCurves(flat, posterizeLut(3)), { saturation: 1.6 });
      const edges = await edgeMagnitude(raster, 2 * scale);
      return darkLines(halftoneShadows(bold, Math.max(3, Math.round(7 * scale))), edges, 110, 60);
    },
  },
  {
    id: 'cartoon',
    apply: async (raster, { scale }) => {
      const flat = await flatten(raster, Math.max(1.5, 2 * scale), 5);
      const coloured = adjustColour(applyCurves(flat, posterizeLut(6)), { saturation: 1.35, brightness: 1.05 });
      const edges = await edgeMagnitude(raster, 1.8 * scale);
      return darkLines(coloured, edges, 120, 80);
    },
  },
];

/** Black dots in the darker half of the tones, like printed comics. */
function halftoneShadows(raster: Raster, pitch: number): Raster {
  const data = Buffer.from(raster.data);
  const half = pitch / 2;
  for (let y = 0; y < raster.height; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      const index = (y * raster.width + x) * 3;
      const luma = (data[index]! * 77 + data[index + 1]! * 150 + data[index + 2]! * 29) >> 8;
      if (luma > 120) continue;
      const radius = half * (1 - luma / 120) * 0.9;
      const dx = (x % pitch) - half;
      const dy = (y % pitch) - half;
      if (dx * dx + dy * dy < radius * radius) data[index] = data[index + 1] = data[index + 2] = 20;
    }
  }
  return { data, width: raster.width, height: raster.height };
}

import { adjustColour, applyCurves, blend, curve, edgeMagnitude, posterizeLut } from '../pixel-ops';
import { seededRandom } from '../random';
import { createRaster, pipelineOf, toRaster, withSharp, type Raster } from '../raster';
import { type StyleLook } from './style';

/** Painted looks: flattened colour areas, pigment at their edges, paper and brush texture. */

async function resizedBack(raster: Raster, factor: number, build: (small: Raster) => Promise<Raster> | Raster): Promise<Raster> {
  const small = await withSharp(raster, (pipeline) =>
    pipeline.resize(Math.max(8, Math.round(raster.width / factor)), Math.max(8, Math.round(raster.height / factor)), { fit: 'fill' }),
  );
  const worked = await build(small);
  return withSharp(worked, (pipeline) => pipeline.resize(raster.width, raster.height, { fit: 'fill' }));
}

/** Blotchy low-frequency noise, like the grain of cold-pressed paper. */
async function paperTexture(width: number, height: number, seed: number, cell: number): Promise<Raster> {
  const random = seededRandom(seed);
  const small = createRaster(Math.max(2, Math.round(width / cell)), Math.max(2, Math.round(height / cell)));
  for (let index = 0; index < small.data.length; index += 3)
    small.data[index] = small.data[index + 1] = small.data[index + 2] = 110 + random() * 36;
  return toRaster(pipelineOf(small).resize(width, height, { fit: 'fill', kernel: 'cubic' }));
}

/** Each pixel averages a short line in its cell's direction: short brush strokes at random angles. */
function brushStrokes(raster: Raster, cell: number, length: number, seed: number): Raster {
  const { width, height } = raster;
  const random = seededRandom(seed);
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const steps: [number, number][] = [];
  for (let index = 0; index < columns * rows; index += 1) {
    const angle = random() * Math.PI;
    steps.push([Math.cos(angle), Math.sin(angle)]);
  }
  const taps = 7;
  const data = Buffer.allocUnsafe(raster.data.length);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / cell) * columns;
    for (let x = 0; x < width; x += 1) {
      const [dx, dy] = steps[row + Math.floor(x / cell)]!;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let tap = 0; tap < taps; tap += 1) {
        const offset = (tap / (taps - 1) - 0.5) * length;
        const sx = Math.min(width - 1, Math.max(0, Math.round(x + dx * offset)));
        const sy = Math.min(height - 1, Math.max(0, Math.round(y + dy * offset)));
        const source = (sy * width + sx) * 3;
        red += raster.data[source]!;
        green += raster.data[source + 1]!;
        blue += raster.data[source + 2]!;
      }
      const index = (y * width + x) * 3;
      data[index] = red / taps;
      data[index + 1] = green / taps;
      data[index + 2] = blue / taps;
    }
  }
  return { data, width, height };
}

export const paintingLooks: StyleLook[] = [
  {
    id: 'watercolour',
    apply: async (raster, { scale, seed }) => {
      const washes = await resizedBack(raster, Math.max(1.5, 2 * scale), async (small) =>
        adjustColour(await withSharp(small, (pipeline) => pipeline.median(5)), { saturation: 1.25 }),
      );
      const light = applyCurves(
        washes,
        curve([
          [0, 50],
          [128, 165],
          [255, 255],
        ]),
      );
      const edges = await edgeMagnitude(washes, 1.5 * scale, 0.8);
      const pooled = Buffer.allocUnsafe(light.data.length);
      for (let pixel = 0, index = 0; pixel < edges.length; pixel += 1, index += 3) {
        const pigment = 1 - (edges[pixel]! / 255) * 0.45;
        pooled[index] = light.data[index]! * pigment;
        pooled[index + 1] = light.data[index + 1]! * pigment;
        pooled[index + 2] = light.data[index + 2]! * pigment;
      }
      const paper = await paperTexture(raster.width, raster.height, seed, Math.max(2, 6 * scale));
      return blend({ data: pooled, width: raster.width, height: raster.height }, paper, 'soft-light', 0.9);
    },
  },
  {
    id: 'oil-painting',
    apply: async (raster, { scale }) => {
      const smooth = await resizedBack(raster, Math.max(1, scale), (small) => withSharp(small, (pipeline) => pipeline.median(7)));
      const rich = adjustColour(smooth, { saturation: 1.3, contrast: 1.1 });
      const relief = await withSharp(rich, (pipeline) =>
        pipeline
          .greyscale()
          .blur(Math.max(0.3, 0.6 * scale))
          .convolve({ width: 3, height: 3, kernel: [-2, -1, 0, -1, 0, 1, 0, 1, 2], scale: 1, offset: 128 }),
      );
      return blend(rich, relief, 'overlay', 0.55);
    },
  },
  {
    id: 'impressionist',
    apply: async (raster, { scale, seed }) => {
      const strokes = brushStrokes(raster, Math.max(3, Math.round(12 * scale)), Math.max(4, 30 * scale), seed);
      return adjustColour(strokes, { saturation: 1.45, brightness: 1.04 });
    },
  },
  {
    id: 'pastel',
    apply: async (raster, { scale }) => {
      const soft = adjustColour(await withSharp(raster, (pipeline) => pipeline.blur(Math.max(0.3, 1.5 * scale))), { saturation: 0.7 });
      return applyCurves(
        soft,
        curve([
          [0, 120],
          [255, 252],
        ]),
        curve([
          [0, 110],
          [255, 246],
        ]),
        curve([
          [0, 125],
          [255, 252],
        ]),
      );
    },
  },
  {
    id: 'posterize',
    apply: (raster) => adjustColour(applyCurves(raster, posterizeLut(4)), { saturation: 1.2 }),
  },
];

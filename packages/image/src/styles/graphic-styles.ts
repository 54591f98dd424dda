import {
  addGrain,
  adjustColour,
  applyCurves,
  blend,
  curve,
  edgeMagnitude,
  gradientMap,
  softBlur,
  stretchContrast,
  posterizeLut,
  rgbFromHex,
  vignette,
  type Rgb,
} from '../pixel-ops';
import { seededRandom } from '../random';
import { lumaOf, pipelineOf, toRaster, withSharp, type Raster } from '../raster';
import { type StyleLook } from './style';

/** Graphic and digital looks: print, pixels, screens, false colour. */

/** Shrinks to `blocks` on the long side (averaging), lets `work` recolour, then enlarges with hard pixel edges. */
async function pixelate(raster: Raster, blocks: number, work: (small: Raster) => Raster = (small) => small): Promise<Raster> {
  const factor = Math.max(1, Math.max(raster.width, raster.height) / blocks);
  const small = await toRaster(
    pipelineOf(raster).resize(Math.max(1, Math.round(raster.width / factor)), Math.max(1, Math.round(raster.height / factor)), {
      fit: 'fill',
    }),
  );
  return toRaster(pipelineOf(work(small)).resize(raster.width, raster.height, { fit: 'fill', kernel: 'nearest' }));
}

const POP_ART_PALETTES: readonly (readonly [string, string, string])[] = [
  ['#1b1464', '#ff2e88', '#ffe600'],
  ['#111111', '#ff7a00', '#00d2ff'],
  ['#4a0072', '#7cff00', '#ff8fd8'],
  ['#c8102e', '#0033a0', '#fff1b5'],
];

/** Four panels of the picture, each in three flat inks of its own (after Warhol). */
async function popArt(raster: Raster): Promise<Raster> {
  const panelWidth = Math.floor(raster.width / 2);
  const panelHeight = Math.floor(raster.height / 2);
  const panel = stretchContrast(await withSharp(raster, (pipeline) => pipeline.resize(panelWidth, panelHeight, { fit: 'fill' })));
  const luma = lumaOf(panel);
  const data = Buffer.alloc(raster.data.length, 255);
  POP_ART_PALETTES.forEach((palette, position) => {
    const inks = palette.map(rgbFromHex);
    const offsetX = (position % 2) * panelWidth;
    const offsetY = Math.floor(position / 2) * panelHeight;
    for (let y = 0; y < panelHeight; y += 1) {
      for (let x = 0; x < panelWidth; x += 1) {
        const value = luma[y * panelWidth + x]!;
        const ink = inks[value < 85 ? 0 : value < 165 ? 1 : 2]!;
        const index = ((offsetY + y) * raster.width + offsetX + x) * 3;
        data[index] = ink[0];
        data[index + 1] = ink[1];
        data[index + 2] = ink[2];
      }
    }
  });
  return { data, width: raster.width, height: raster.height };
}

/** Coloured dots on paper, bigger where the picture is darker. */
async function halftone(raster: Raster, pitch: number): Promise<Raster> {
  const columns = Math.ceil(raster.width / pitch);
  const rows = Math.ceil(raster.height / pitch);
  const cells = adjustColour(await withSharp(raster, (pipeline) => pipeline.resize(columns, rows, { fit: 'fill' })), { saturation: 1.4 });
  const data = Buffer.allocUnsafe(raster.data.length);
  const half = pitch / 2;
  for (let y = 0; y < raster.height; y += 1) {
    const row = Math.floor(y / pitch);
    const dy = (y % pitch) - half + 0.5;
    for (let x = 0; x < raster.width; x += 1) {
      const cell = (row * columns + Math.floor(x / pitch)) * 3;
      const red = cells.data[cell]!;
      const green = cells.data[cell + 1]!;
      const blue = cells.data[cell + 2]!;
      const darkness = 1 - (red * 77 + green * 150 + blue * 29) / 65280;
      const radius = half * 1.35 * Math.sqrt(darkness);
      const dx = (x % pitch) - half + 0.5;
      const index = (y * raster.width + x) * 3;
      const inDot = dx * dx + dy * dy <= radius * radius;
      data[index] = inDot ? red * 0.8 : 248;
      data[index + 1] = inDot ? green * 0.8 : 244;
      data[index + 2] = inDot ? blue * 0.8 : 232;
    }
  }
  return { data, width: raster.width, height: raster.height };
}

const BAYER_8 = [
  0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22, 3, 35, 11, 43,
  1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
];

function orderedDither(raster: Raster): Raster {
  const luma = lumaOf(raster);
  const data = Buffer.allocUnsafe(raster.data.length);
  for (let y = 0; y < raster.height; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      const pixel = y * raster.width + x;
      const threshold = (BAYER_8[(y % 8) * 8 + (x % 8)]! + 0.5) * 4;
      const value = luma[pixel]! > threshold ? 240 : 22;
      data[pixel * 3] = data[pixel * 3 + 1] = data[pixel * 3 + 2] = value;
    }
  }
  return { data, width: raster.width, height: raster.height };
}

/** Bright coloured edges with a glow, on black. */
async function neon(raster: Raster, scale: number): Promise<Raster> {
  const edges = await edgeMagnitude(raster, 1.6 * scale);
  const colours = adjustColour(raster, { saturation: 3, brightness: 1.4 });
  const lines = Buffer.allocUnsafe(raster.data.length);
  for (let pixel = 0, index = 0; pixel < edges.length; pixel += 1, index += 3) {
    const strength = Math.max(0, Math.min(1, (edges[pixel]! - 70) / 120));
    // Grey edges would glow white: push every line towards magenta and cyan so each has a colour.
    lines[index] = Math.min(255, (colours.data[index]! * 0.7 + 80) * strength);
    lines[index + 1] = Math.min(255, colours.data[index + 1]! * 0.8 * strength);
    lines[index + 2] = Math.min(255, (colours.data[index + 2]! * 0.7 + 110) * strength);
  }
  const crisp = { data: lines, width: raster.width, height: raster.height };
  const glow = adjustColour(await softBlur(crisp, 5 * scale), { brightness: 1.6 });
  return blend(crisp, glow, 'screen');
}

/** Shifted colour channels, torn horizontal bands and scan lines. */
function glitch(raster: Raster, scale: number, seed: number): Raster {
  const { width, height } = raster;
  const random = seededRandom(seed);
  const shift = Math.max(2, Math.round(14 * scale));
  const rowOffsets = new Int32Array(height);
  let y = 0;
  while (y < height) {
    const band = Math.max(2, Math.round((4 + random() * 60) * scale));
    const offset = random() < 0.35 ? Math.round((random() - 0.5) * 120 * scale) : 0;
    for (let row = y; row < Math.min(height, y + band); row += 1) rowOffsets[row] = offset;
    y += band;
  }
  const data = Buffer.allocUnsafe(raster.data.length);
  const scanline = Math.max(2, Math.round(3 * scale));
  for (let row = 0; row < height; row += 1) {
    const dim = row % scanline === 0 ? 0.72 : 1;
    for (let x = 0; x < width; x += 1) {
      const base = x - rowOffsets[row]!;
      const redX = Math.min(width - 1, Math.max(0, base + shift));
      const greenX = Math.min(width - 1, Math.max(0, base));
      const blueX = Math.min(width - 1, Math.max(0, base - shift));
      const index = (row * width + x) * 3;
      const rowStart = row * width * 3;
      data[index] = raster.data[rowStart + redX * 3]! * dim;
      data[index + 1] = raster.data[rowStart + greenX * 3 + 1]! * dim;
      data[index + 2] = raster.data[rowStart + blueX * 3 + 2]! * dim;
    }
  }
  return { data, width, height };
}

/** Smeared colour over sharp brightness, scan lines, tape noise. */
async function vhs(raster: Raster, scale: number, seed: number): Promise<Raster> {
  const smeared = adjustColour(await softBlur(raster, 4 * scale), { saturation: 1.3 });
  const luma = lumaOf(raster);
  const smearedLuma = lumaOf(smeared);
  const data = Buffer.allocUnsafe(raster.data.length);
  const scanline = Math.max(2, Math.round(4 * scale));
  for (let pixel = 0, index = 0; pixel < luma.length; pixel += 1, index += 3) {
    const row = Math.floor(pixel / raster.width);
    const lift = luma[pixel]! - smearedLuma[pixel]! + (row % scanline === 0 ? -18 : 6);
    data[index] = Math.max(0, Math.min(255, smeared.data[index]! + lift + 10));
    data[index + 1] = Math.max(0, Math.min(255, smeared.data[index + 1]! + lift));
    data[index + 2] = Math.max(0, Math.min(255, smeared.data[index + 2]! + lift + 14));
  }
  return addGrain(
    applyCurves(
      { data, width: raster.width, height: raster.height },
      curve([
        [0, 28],
        [255, 232],
      ]),
    ),
    22,
    seed,
    true,
  );
}

/** The top-left quarter mirrored into all four. */
function kaleidoscope(raster: Raster): Raster {
  const { width, height } = raster;
  const data = Buffer.allocUnsafe(raster.data.length);
  const halfWidth = Math.ceil(width / 2);
  const halfHeight = Math.ceil(height / 2);
  // Mirror the centre region, which holds the subject, rather than the corner.
  const startX = Math.floor(width / 4);
  const startY = Math.floor(height / 4);
  for (let y = 0; y < height; y += 1) {
    const my = y < halfHeight ? y : height - 1 - y;
    const sy = Math.min(height - 1, startY + my);
    for (let x = 0; x < width; x += 1) {
      const mx = x < halfWidth ? x : width - 1 - x;
      const sx = Math.min(width - 1, startX + mx);
      const source = (sy * width + sx) * 3;
      const index = (y * width + x) * 3;
      data[index] = raster.data[source]!;
      data[index + 1] = raster.data[source + 1]!;
      data[index + 2] = raster.data[source + 2]!;
    }
  }
  return { data, width, height };
}

function scanlines(raster: Raster, every: number, dim: number): Raster {
  const data = Buffer.from(raster.data);
  for (let y = 0; y < raster.height; y += every) {
    const start = y * raster.width * 3;
    for (let index = start; index < start + raster.width * 3; index += 1) data[index] = data[index]! * dim;
  }
  return { data, width: raster.width, height: raster.height };
}

const GAME_BOY_PALETTE: readonly Rgb[] = [
  [15, 56, 15],
  [48, 98, 48],
  [139, 172, 15],
  [155, 188, 15],
];

export const graphicLooks: StyleLook[] = [
  {
    id: 'pop-art',
    apply: (raster) => popArt(raster),
  },
  {
    id: 'halftone',
    apply: (raster, { scale }) => halftone(raster, Math.max(4, Math.round(12 * scale))),
  },
  {
    id: 'pixel-art',
    apply: (raster) => pixelate(raster, 96, (small) => applyCurves(small, posterizeLut(5))),
  },
  {
    id: 'mosaic',
    apply: async (raster, { seed }) => {
      const tiles = 48;
      const pixelated = await pixelate(raster, tiles, (small) => {
        const random = seededRandom(seed);
        const data = Buffer.from(small.data);
        for (let index = 0; index < data.length; index += 3) {
          const jitter = (random() - 0.5) * 30;
          for (let channel = 0; channel < 3; channel += 1)
            data[index + channel] = Math.max(0, Math.min(255, data[index + channel]! + jitter));
        }
        return { data, width: small.width, height: small.height };
      });
      const tile = Math.max(raster.width, raster.height) / tiles;
      const grout = Math.max(1, Math.round(tile * 0.08));
      const data = Buffer.from(pixelated.data);
      for (let y = 0; y < raster.height; y += 1) {
        const onRow = y % tile < grout;
        for (let x = 0; x < raster.width; x += 1) {
          if (!onRow && x % tile >= grout) continue;
          const index = (y * raster.width + x) * 3;
          data[index] = 70;
          data[index + 1] = 66;
          data[index + 2] = 60;
        }
      }
      return { data, width: raster.width, height: raster.height };
    },
  },
  {
    id: 'game-boy',
    apply: (raster) => pixelate(stretchContrast(raster), 160, gameBoyShades),
  },
  {
    id: 'stencil',
    apply: async (raster, { scale }) => {
      const softened = stretchContrast(await softBlur(raster, 1.2 * scale));
      const luma = lumaOf(softened);
      const data = Buffer.allocUnsafe(raster.data.length);
      for (let pixel = 0, index = 0; pixel < luma.length; pixel += 1, index += 3) {
        const value = luma[pixel]!;
        const ink: Rgb = value < 90 ? [18, 18, 18] : value < 150 ? [200, 30, 45] : [240, 234, 222];
        data[index] = ink[0];
        data[index + 1] = ink[1];
        data[index + 2] = ink[2];
      }
      return { data, width: raster.width, height: raster.height };
    },
  },
  {
    id: 'dither',
    apply: (raster) => pixelate(raster, 512, orderedDither),
  },
  {
    id: 'neon',
    apply: (raster, { scale }) => neon(raster, scale),
  },
  {
    id: 'glitch',
    apply: (raster, { scale, seed }) => glitch(raster, scale, seed),
  },
  {
    id: 'vhs',
    apply: (raster, { scale, seed }) => vhs(raster, scale, seed),
  },
  {
    id: 'kaleidoscope',
    apply: (raster) => kaleidoscope(raster),
  },
  {
    id: 'infrared',
    apply: async (raster) =>
      adjustColour(
        await withSharp(raster, (pipeline) =>
          pipeline.recomb([
            [0.2, 1.1, -0.1],
            [0.9, 0.15, 0],
            [0, 0.1, 0.95],
          ]),
        ),
        { saturation: 1.3 },
      ),
  },
  {
    id: 'thermal',
    apply: (raster) =>
      gradientMap(raster, [
        { at: 0, colour: [0, 0, 20] },
        { at: 0.2, colour: [40, 0, 140] },
        { at: 0.4, colour: [170, 0, 160] },
        { at: 0.6, colour: [240, 40, 30] },
        { at: 0.8, colour: [255, 180, 0] },
        { at: 1, colour: [255, 255, 230] },
      ]),
  },
  {
    id: 'x-ray',
    apply: async (raster) => {
      const inverted = stretchContrast(await withSharp(raster, (pipeline) => pipeline.negate()));
      return gradientMap(inverted, [
        { at: 0, colour: [0, 4, 12] },
        { at: 0.5, colour: [40, 80, 120] },
        { at: 1, colour: [220, 240, 255] },
      ]);
    },
  },
  {
    id: 'night-vision',
    apply: async (raster, { seed, scale }) => {
      const bright = applyCurves(
        raster,
        curve([
          [0, 10],
          [80, 140],
          [255, 255],
        ]),
      );
      const green = gradientMap(bright, [
        { at: 0, colour: [0, 12, 0] },
        { at: 0.5, colour: [30, 150, 40] },
        { at: 1, colour: [190, 255, 170] },
      ]);
      return scanlines(vignette(addGrain(green, 30, seed), 0.9, 0.35), Math.max(2, Math.round(3 * scale)), 0.75);
    },
  },
];

/** Four shades of green, as the handheld's screen could show. */
function gameBoyShades(raster: Raster): Raster {
  const luma = lumaOf(raster);
  const data = Buffer.allocUnsafe(raster.data.length);
  for (let pixel = 0, index = 0; pixel < luma.length; pixel += 1, index += 3) {
    const shade = GAME_BOY_PALETTE[Math.min(3, luma[pixel]! >> 6)]!;
    data[index] = shade[0];
    data[index + 1] = shade[1];
    data[index + 2] = shade[2];
  }
  return { data, width: raster.width, height: raster.height };
}

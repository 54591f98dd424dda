import { escapeXml } from '../caption-overlay';
import { pipelineOf, rasterFromLuma, toRaster, type Raster } from '../raster';
import { readCloseUp, readText, textSlant, union, type Box, type TextLine, type TextWord } from './text-reader';

/**
 * Replacing words in a photo: find them (text-reader), paint the letters out with colour pulled in
 * from around them (push-pull fill, so the ground's shading runs on under where the letters were),
 * and write the new words where the old stood, in their colour, size, weight and slant, with the
 * same outline when the old letters had one.
 */

const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

export interface FoundText {
  line: TextLine;
  words: TextWord[];
  text: string;
  /**
   * Degrees the photo was turned (clockwise, as sharp's rotate turns it) to read these words
   * level; their boxes are then in the turned photo's pixels, at the photo's own size.
   */
  turned?: number;
}

/**
 * Turns tried for a named word the level readings missed (a sign photographed at a slant, either
 * way), in this order unless the photo's letters tell its slant (turnsFor). Tesseract reads a
 * line a few degrees off level by itself; in steps of 5° the turns reach words slanting 25°
 * (photos/Landscape_6.jpg turned ±5°, ±15° and ±25°: the words found are counted in
 * docs/benchmarks.md).
 */
const TURNS = [-5, 5, -10, 10, -15, 15, -20, 20, -25, 25] as const;
/** A slant (degrees) the letters of a photo must show for its first reading to be a turned one: beyond what Tesseract reads level. */
const CLEAR_SLANT = 7;
/**
 * Long side of the copy a turned reading reads: smaller than the level readings' 1200 px, as a
 * word that is not there is looked for at all ten turns before the user hears so, while a sign's
 * words stay some 25 px tall (at 1200 px one word fewer was found on the photo turned 5°).
 */
const TURNED_READ_SIDE = 900;

const normal = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The words of `wanted` in the photo's lines (a run of words, a misread letter in four forgiven); or its most prominent line. */
export function chooseText(lines: readonly TextLine[], wanted: string | undefined): FoundText | null {
  if (wanted === undefined) {
    const best = [...lines].sort((a, b) => prominence(b) - prominence(a))[0];
    return best ? { line: best, words: best.words, text: best.words.map((word) => word.text).join(' ') } : null;
  }
  const target = normal(wanted);
  if (!target) return null;
  let best: (FoundText & { distance: number }) | null = null;
  for (const line of lines) {
    for (let start = 0; start < line.words.length; start += 1) {
      for (let end = start + 1; end <= line.words.length; end += 1) {
        const words = line.words.slice(start, end);
        const distance = editDistance(normal(words.map((word) => word.text).join('')), target);
        if (distance <= Math.floor(target.length / 4) && (!best || distance < best.distance))
          best = { line, words, text: words.map((word) => word.text).join(' '), distance };
      }
    }
  }
  return best;
}

function prominence(line: TextLine): number {
  const height = line.box.bottom - line.box.top;
  const confidence = line.words.reduce((sum, word) => sum + word.confidence, 0) / line.words.length;
  return height * height * (line.box.right - line.box.left) * confidence;
}

/**
 * Finds `wanted` (or, with nothing named, the most prominent line). The upright readings first
 * (after one turned reading when the photo's letters clearly slant); a word they found is read
 * again close up, for a box that fits its letters; a word they found only in part (split by a
 * stray blob, "rig" beside "ht") is looked at close up around that part; then the turned readings.
 */
export async function findText(
  picture: Raster,
  wanted: string | undefined,
  signal?: AbortSignal,
): Promise<{ found: FoundText | null; lines: TextLine[] }> {
  const enough = (sofar: TextLine[]) => wanted !== undefined && chooseText(sofar, wanted) !== null;
  if (wanted === undefined) {
    const lines = await readText(picture, enough, signal);
    return { found: chooseText(lines, wanted), lines };
  }
  const slant = await textSlant(picture);
  const turns = turnsFor(slant);
  // Letters that clearly slant are read turned first: the level readings would mostly be spent on them for nothing.
  if (slant !== null && Math.abs(slant) >= CLEAR_SLANT) {
    const found = await findTurned(picture, wanted, turns.shift()!, signal);
    if (found) return { found, lines: [] };
  }
  const lines = await readText(picture, enough, signal, { untilFound: true });
  const upright = chooseText(lines, wanted) ?? asWanted(chooseText(neighbourPairs(lines), wanted), wanted);
  if (upright) return { found: tighter(upright, await lookCloser(picture, upright, wanted, signal)), lines };
  for (const part of partlyFound(lines, wanted)) {
    const found = await lookCloser(picture, part, wanted, signal);
    if (found) return { found, lines };
  }
  for (const degrees of turns) {
    const found = await findTurned(picture, wanted, degrees, signal);
    if (found) return { found, lines };
  }
  return { found: null, lines };
}

/** The turns, those that would level lines of the photo's own slant (when its letters tell one) first. */
function turnsFor(slant: number | null): number[] {
  return slant === null ? [...TURNS] : [...TURNS].sort((a, b) => Math.abs(a + slant) - Math.abs(b + slant));
}

/** `wanted` read on a copy of the photo turned by `degrees`, with its boxes in the turned photo's own-size pixels. */
async function findTurned(picture: Raster, wanted: string, degrees: number, signal: AbortSignal | undefined): Promise<FoundText | null> {
  const scale = Math.min(1, TURNED_READ_SIDE / Math.max(picture.width, picture.height));
  // Two pipelines: in one, sharp would turn the whole photo before making it smaller.
  const small = await toRaster(
    pipelineOf(picture).resize(Math.max(1, Math.round(picture.width * scale)), Math.max(1, Math.round(picture.height * scale)), {
      fit: 'fill',
    }),
  );
  const turned = await turnRaster(small, degrees);
  const whole = (lines: readonly TextLine[]) => {
    const found = chooseText(lines, wanted);
    return found && normal(found.text) === normal(wanted) ? found : null;
  };
  const found = whole(await readText(turned, (lines) => whole(lines) !== null, signal));
  if (!found) return null;
  const grow = (box: Box): Box => ({ left: box.left / scale, top: box.top / scale, right: box.right / scale, bottom: box.bottom / scale });
  return { ...withBoxes(found, grow), turned: degrees };
}

/** The same words with every box (each word's, in the found run and in its line, and the line's) moved by `move`. */
function withBoxes(found: FoundText, move: (box: Box) => Box): FoundText {
  const moved = (word: TextWord) => ({ ...word, box: move(word.box) });
  return {
    ...found,
    words: found.words.map(moved),
    line: { ...found.line, box: move(found.line.box), words: found.line.words.map(moved) },
  };
}

/** The picture turned clockwise by `degrees` on a canvas as large as the turned picture's bounding box, its corners black. */
async function turnRaster(picture: Raster, degrees: number): Promise<Raster> {
  return toRaster(pipelineOf(picture).rotate(degrees, { background: { r: 0, g: 0, b: 0 } }));
}

/** Size of the canvas sharp turns a `width` × `height` picture onto: the turned picture's bounding box. */
function turnedSize(width: number, height: number, degrees: number): { width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: width * cos + height * sin, height: width * sin + height * cos };
}

/** An offset from a picture's centre, turned clockwise by `degrees` (y grows downwards). */
function turnOffset(dx: number, dy: number, degrees: number): [number, number] {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return [dx * cos - dy * sin, dx * sin + dy * cos];
}

/**
 * Two read words side by side on one baseline, as one line each: Tesseract sometimes reads a word
 * over a busy ground as two lines of its halves ("rig" and "ht." for "right" on the rock of
 * photos/Landscape_1.jpg), and together they are the word.
 */
function neighbourPairs(lines: readonly TextLine[]): TextLine[] {
  const words = lines.flatMap((line) => line.words.map((word) => ({ word, line })));
  const pairs: TextLine[] = [];
  for (const first of words)
    for (const second of words) {
      if (first.line === second.line || first.line.polarity !== second.line.polarity) continue;
      const [a, b] = [first.word.box, second.word.box];
      const height = Math.min(a.bottom - a.top, b.bottom - b.top);
      const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const gap = b.left - a.right;
      if (overlap >= height * 0.5 && gap >= -height * 0.2 && gap <= height * 0.6)
        pairs.push({ ...first.line, words: [first.word, second.word], box: union([a, b]) });
    }
  return pairs;
}

/** Halves that spell the wanted word exactly are named by it ("right", not "rig ht."). */
function asWanted(found: FoundText | null, wanted: string): FoundText | null {
  return found && normal(found.text) === normal(wanted) ? { ...found, text: wanted } : found;
}

/** Of two readings of the same words, the one with the smaller box: a stray blob strung onto a word only ever makes its box bigger. */
function tighter(first: FoundText, second: FoundText | null): FoundText {
  if (!second) return first;
  const area = (found: FoundText) => {
    const box = union(found.words.map((word) => word.box));
    return (box.right - box.left) * (box.bottom - box.top);
  };
  return area(second) < area(first) ? second : first;
}

/** Longest run of letters two texts share. */
function commonRun(a: string, b: string): number {
  let longest = 0;
  for (let i = 0; i < a.length; i += 1)
    for (let j = 0; j < b.length; j += 1) {
      let run = 0;
      while (i + run < a.length && j + run < b.length && a[i + run] === b[j + run]) run += 1;
      longest = Math.max(longest, run);
    }
  return longest;
}

/** Read words holding at least half of `wanted` (at least two letters of it), best first: where the rest of it may stand. */
function partlyFound(lines: readonly TextLine[], wanted: string): FoundText[] {
  const target = normal(wanted);
  const least = Math.max(2, Math.ceil(target.length / 2));
  return lines
    .flatMap((line) => line.words.map((word) => ({ line, words: [word], text: word.text, run: commonRun(normal(word.text), target) })))
    .filter((part) => part.run >= least)
    .sort((a, b) => b.run - a.run)
    .slice(0, 3);
}

/** `wanted` read close up around where `near` was read; null when it is not there. */
async function lookCloser(picture: Raster, near: FoundText, wanted: string, signal: AbortSignal | undefined): Promise<FoundText | null> {
  const box = union(near.words.map((word) => word.box));
  const letterHeight = box.bottom - box.top;
  // Room for the rest of a word found in part, on either side of it, and for its letters' full height.
  const missing = Math.max(0, normal(wanted).length - normal(near.text).length);
  const side = letterHeight * (0.5 + missing * 0.7);
  const around = {
    left: box.left - side,
    right: box.right + side,
    top: box.top - letterHeight * 0.5,
    bottom: box.bottom + letterHeight * 0.5,
  };
  // A stray blob strung onto the word makes its box taller than its letters: then a second look takes them as about half as tall.
  const whole = (lines: readonly TextLine[]) => {
    const found = chooseText(lines, wanted);
    return found && normal(found.text) === normal(wanted) ? found : null;
  };
  for (const height of [letterHeight, letterHeight * 0.5]) {
    const found = whole(await readCloseUp(picture, around, height, (lines) => whole(lines) !== null, signal));
    if (found) return found;
  }
  return null;
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

function regionAround(box: Box, margin: number, picture: Raster): Region {
  const left = Math.max(0, Math.floor(box.left - margin));
  const top = Math.max(0, Math.floor(box.top - margin));
  const right = Math.min(picture.width, Math.ceil(box.right + margin));
  const bottom = Math.min(picture.height, Math.ceil(box.bottom + margin));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

const lumaAt = (data: Buffer, index: number) => 0.299 * data[index]! + 0.587 * data[index + 1]! + 0.114 * data[index + 2]!;

/**
 * Fills the masked pixels of a patch from the unmasked ones around them (push-pull): colour sums
 * over ever coarser 2×2 grids, then, finest last, each pixel's missing share taken from the
 * coarser grid's average. Smooth grounds and gradients run on under where the letters were.
 */
export function pushPullFill(patch: Raster, mask: Uint8Array): Raster {
  type Level = { width: number; height: number; weight: Float32Array; sum: Float32Array };
  let level: Level = {
    width: patch.width,
    height: patch.height,
    weight: new Float32Array(mask.length),
    sum: new Float32Array(mask.length * 3),
  };
  for (let pixel = 0; pixel < mask.length; pixel += 1) {
    if (mask[pixel]) continue;
    level.weight[pixel] = 1;
    for (let channel = 0; channel < 3; channel += 1) level.sum[pixel * 3 + channel] = patch.data[pixel * 3 + channel]!;
  }
  const levels: Level[] = [level];
  while (level.width > 1 || level.height > 1) {
    const width = Math.ceil(level.width / 2);
    const height = Math.ceil(level.height / 2);
    const next: Level = { width, height, weight: new Float32Array(width * height), sum: new Float32Array(width * height * 3) };
    for (let y = 0; y < level.height; y += 1) {
      for (let x = 0; x < level.width; x += 1) {
        const from = y * level.width + x;
        const to = (y >> 1) * width + (x >> 1);
        next.weight[to]! += level.weight[from]!;
        for (let channel = 0; channel < 3; channel += 1) next.sum[to * 3 + channel]! += level.sum[from * 3 + channel]!;
      }
    }
    levels.push(next);
    level = next;
  }
  // Average at each level, coarsest first; a pixel with too little of its own takes the rest from its parent.
  const averages = levels.map((each) => new Float32Array(each.sum.length));
  for (let index = levels.length - 1; index >= 0; index -= 1) {
    const own = levels[index]!;
    const average = averages[index]!;
    const parent = index + 1 < levels.length ? { level: levels[index + 1]!, average: averages[index + 1]! } : null;
    for (let y = 0; y < own.height; y += 1) {
      for (let x = 0; x < own.width; x += 1) {
        const pixel = y * own.width + x;
        const weight = own.weight[pixel]!;
        const trust = Math.min(1, weight);
        for (let channel = 0; channel < 3; channel += 1) {
          const mean = weight > 0 ? own.sum[pixel * 3 + channel]! / weight : 0;
          average[pixel * 3 + channel] = parent
            ? mean * trust +
              sampleBilinear(parent.average, parent.level.width, parent.level.height, (x + 0.5) / 2 - 0.5, (y + 0.5) / 2 - 0.5, channel) *
                (1 - trust)
            : mean;
        }
      }
    }
  }
  const data = Buffer.from(patch.data);
  for (let pixel = 0; pixel < mask.length; pixel += 1) {
    if (!mask[pixel]) continue;
    for (let channel = 0; channel < 3; channel += 1)
      data[pixel * 3 + channel] = Math.max(0, Math.min(255, averages[0]![pixel * 3 + channel]!));
  }
  return { data, width: patch.width, height: patch.height };
}

/** A channel of an RGB float grid at a fractional position, clamped at the edges: smooth rather than blocky fills. */
function sampleBilinear(values: Float32Array, width: number, height: number, x: number, y: number, channel: number): number {
  const cx = Math.max(0, Math.min(width - 1, x));
  const cy = Math.max(0, Math.min(height - 1, y));
  const left = Math.floor(cx);
  const top = Math.floor(cy);
  const right = Math.min(width - 1, left + 1);
  const bottom = Math.min(height - 1, top + 1);
  const tx = cx - left;
  const ty = cy - top;
  const at = (px: number, py: number) => values[(py * width + px) * 3 + channel]!;
  const upper = at(left, top) + (at(right, top) - at(left, top)) * tx;
  const lower = at(left, bottom) + (at(right, bottom) - at(left, bottom)) * tx;
  return upper + (lower - upper) * ty;
}

function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const horizontal = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let on = 0;
      for (let dx = -radius; dx <= radius && !on; dx += 1) {
        const sx = x + dx;
        if (sx >= 0 && sx < width && mask[y * width + sx]) on = 1;
      }
      horizontal[y * width + x] = on;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let on = 0;
      for (let dy = -radius; dy <= radius && !on; dy += 1) {
        const sy = y + dy;
        if (sy >= 0 && sy < height && horizontal[sy * width + x]) on = 1;
      }
      out[y * width + x] = on;
    }
  }
  return out;
}

interface Lettering {
  colour: [number, number, number];
  outline: [number, number, number] | null;
}

/** The letters' pixels in a patch, and their colour, outline and weight. */
function analyseLetters(
  patch: Raster,
  box: Box,
  region: Region,
  polarity: TextLine['polarity'],
): { strokes: Uint8Array; strokeWidth: number; lettering: Lettering } {
  const { width, height, data } = patch;
  // The ground's brightness: the median of the patch's edge pixels.
  const edge: number[] = [];
  for (let x = 0; x < width; x += 1) edge.push(lumaAt(data, x * 3), lumaAt(data, ((height - 1) * width + x) * 3));
  for (let y = 0; y < height; y += 1) edge.push(lumaAt(data, y * width * 3), lumaAt(data, (y * width + width - 1) * 3));
  edge.sort((a, b) => a - b);
  const ground = edge[Math.floor(edge.length / 2)]!;
  const strokes = new Uint8Array(width * height);
  const strokePixels: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const px = x + region.left;
      const py = y + region.top;
      if (px < box.left || px > box.right || py < box.top || py > box.bottom) continue;
      const index = (y * width + x) * 3;
      if ((lumaAt(data, index) - ground) * (polarity === 'light' ? 1 : -1) <= 35) continue;
      strokes[y * width + x] = 1;
      strokePixels.push(index);
    }
  }
  // The letters' own colour is that of their cores, not of their anti-aliased edges: the half furthest from the ground.
  strokePixels.sort((a, b) => (lumaAt(data, b) - lumaAt(data, a)) * (polarity === 'light' ? 1 : -1));
  const cores = strokePixels.slice(0, Math.max(1, Math.ceil(strokePixels.length / 2)));
  const colour = [0, 1, 2].map((channel) => cores.reduce((sum, index) => sum + data[index + channel]!, 0) / Math.max(1, cores.length)) as [
    number,
    number,
    number,
  ];
  // Stroke width ≈ 2 × area ÷ perimeter for thin strokes.
  let perimeter = 0;
  for (let pixel = 0; pixel < strokes.length; pixel += 1) {
    if (!strokes[pixel]) continue;
    const x = pixel % width;
    if (x === 0 || x === width - 1 || !strokes[pixel - 1] || !strokes[pixel + 1] || !strokes[pixel - width] || !strokes[pixel + width])
      perimeter += 1;
  }
  const strokeWidth = (2 * strokePixels.length) / Math.max(1, perimeter);
  // An outline: the pixels just around the letters are clearly on the other side of the ground from them.
  const near = dilate(strokes, width, height, 2);
  const ring = [0, 0, 0];
  let ringCount = 0;
  for (let pixel = 0; pixel < strokes.length; pixel += 1) {
    if (!near[pixel] || strokes[pixel]) continue;
    for (let channel = 0; channel < 3; channel += 1) ring[channel]! += data[pixel * 3 + channel]!;
    ringCount += 1;
  }
  const ringColour = ring.map((sum) => sum / Math.max(1, ringCount)) as [number, number, number];
  const ringLuma = 0.299 * ringColour[0] + 0.587 * ringColour[1] + 0.114 * ringColour[2];
  const hasOutline = ringCount > 0 && (ringLuma - ground) * (polarity === 'light' ? -1 : 1) > 12;
  return { strokes, strokeWidth, lettering: { colour, outline: hasOutline ? ringColour : null } };
}

/** Em box of DejaVu Sans: capitals and ascenders reach 0.76 em above the baseline, x-height 0.55, descenders 0.24 below. */
function fontSizeFor(text: string, height: number): { fontSize: number; descent: number } {
  const ascent = /[\p{Lu}\p{N}bdfhklt]/u.test(text) ? 0.76 : 0.55;
  const descent = /[gjpqy]/.test(text) ? 0.24 : 0;
  return { fontSize: height / (ascent + descent), descent };
}

function rgb([r, g, b]: [number, number, number]): string {
  return `rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})`;
}

export async function replaceFoundText(picture: Raster, found: FoundText, newText: string): Promise<Raster> {
  return found.turned === undefined ? replaceLevelText(picture, found, newText) : replaceTurnedText(picture, found, found.turned, newText);
}

/**
 * Replaces words read on the photo turned by `degrees`: the part of the photo around them is
 * turned the same way, the words replaced there as level words are, and only the pixels that
 * replacement changed are turned back and laid over the photo — the rest of it is never resampled.
 */
async function replaceTurnedText(picture: Raster, found: FoundText, degrees: number, newText: string): Promise<Raster> {
  const box = union(found.words.map((word) => word.box));
  const height = box.bottom - box.top;
  // The words' centre, back in the photo's own pixels.
  const whole = turnedSize(picture.width, picture.height, degrees);
  const [offsetX, offsetY] = turnOffset(
    (box.left + box.right) / 2 - whole.width / 2,
    (box.top + box.bottom) / 2 - whole.height / 2,
    -degrees,
  );
  const centreX = picture.width / 2 + offsetX;
  const centreY = picture.height / 2 + offsetY;
  // Room for the new words (which may be longer) and the canvas they are drawn on, whichever way the part is turned.
  const reach = Math.max(box.right - box.left, newText.length * height) * 0.6 + height * 2;
  const left = Math.max(0, Math.floor(centreX - reach));
  const top = Math.max(0, Math.floor(centreY - reach));
  const part = {
    left,
    top,
    width: Math.min(picture.width, Math.ceil(centreX + reach)) - left,
    height: Math.min(picture.height, Math.ceil(centreY + reach)) - top,
  };
  if (part.width < 1 || part.height < 1) return picture;
  const turned = await turnRaster(await toRaster(pipelineOf(picture).extract(part)), degrees);
  // Where the words' centre lands in the turned part.
  const [partX, partY] = turnOffset(centreX - (part.left + part.width / 2), centreY - (part.top + part.height / 2), degrees);
  const shiftX = turned.width / 2 + partX - (box.left + box.right) / 2;
  const shiftY = turned.height / 2 + partY - (box.top + box.bottom) / 2;
  const shift = (each: Box): Box => ({
    left: each.left + shiftX,
    right: each.right + shiftX,
    top: each.top + shiftY,
    bottom: each.bottom + shiftY,
  });
  const replaced = await replaceLevelText(turned, withBoxes(found, shift), newText);
  // What the replacement changed, with a pixel's soft edge: only that goes back onto the photo.
  const changed = new Uint8Array(turned.width * turned.height);
  for (let pixel = 0, index = 0; pixel < changed.length; pixel += 1, index += 3)
    if (
      replaced.data[index] !== turned.data[index] ||
      replaced.data[index + 1] !== turned.data[index + 1] ||
      replaced.data[index + 2] !== turned.data[index + 2]
    )
      changed[pixel] = 1;
  const back = await turnRaster(replaced, -degrees);
  const grown = dilate(changed, turned.width, turned.height, 1).map((on) => on * 255);
  const mask = await turnRaster(rasterFromLuma(grown, turned.width, turned.height), -degrees);
  // The part sits at the centre of the canvas it was turned back onto.
  const offsetLeft = Math.round((back.width - part.width) / 2);
  const offsetTop = Math.round((back.height - part.height) / 2);
  const data = Buffer.from(picture.data);
  for (let y = 0; y < part.height; y += 1) {
    for (let x = 0; x < part.width; x += 1) {
      const from = ((y + offsetTop) * back.width + x + offsetLeft) * 3;
      const weight = (mask.data[from] ?? 0) / 255;
      if (weight === 0) continue;
      const to = ((y + part.top) * picture.width + x + part.left) * 3;
      for (let channel = 0; channel < 3; channel += 1)
        data[to + channel] = data[to + channel]! * (1 - weight) + back.data[from + channel]! * weight;
    }
  }
  return { data, width: picture.width, height: picture.height };
}

async function replaceLevelText(picture: Raster, found: FoundText, newText: string): Promise<Raster> {
  const box = union(found.words.map((word) => word.box));
  const height = box.bottom - box.top;
  const region = regionAround(box, Math.max(4, height * 0.35), picture);
  const patch = await toRaster(pipelineOf(picture).extract(region));
  const { strokes, strokeWidth, lettering } = analyseLetters(patch, box, region, found.line.polarity);
  // Paint out the letters with their anti-aliased edges and any outline.
  const filled = pushPullFill(patch, dilate(strokes, patch.width, patch.height, Math.max(2, Math.round(height * 0.08))));

  const { fontSize, descent } = fontSizeFor(found.text, height);
  // DejaVu Sans' stems are about 0.09 em wide, its bold's about 0.14.
  const bold = strokeWidth / fontSize > 0.115;
  const baseline = box.bottom - descent * fontSize - region.top;
  const centreX = (box.left + box.right) / 2 - region.left;
  const angle = (found.line.angle * 180) / Math.PI;
  const outline = lettering.outline
    ? ` stroke="${rgb(lettering.outline)}" stroke-width="${Math.max(1, fontSize * 0.04).toFixed(1)}" paint-order="stroke" stroke-linejoin="round"`
    : '';
  // Wider new words may spill past the old box: the text is drawn on a canvas around it, as wide as the words may need.
  const reach = Math.ceil(Math.max(box.right - box.left, newText.length * fontSize * 0.75) / 2 + fontSize);
  const canvas = regionAround(
    {
      left: box.left + (box.right - box.left) / 2 - reach,
      right: box.left + (box.right - box.left) / 2 + reach,
      top: box.top - fontSize,
      bottom: box.bottom + fontSize,
    },
    0,
    picture,
  );
  const x = centreX + region.left - canvas.left;
  const y = baseline + region.top - canvas.top;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}">` +
    `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${FONT_FAMILY}" font-size="${fontSize.toFixed(1)}" font-weight="${bold ? 'bold' : 'normal'}" text-anchor="middle" fill="${rgb(lettering.colour)}"${outline} transform="rotate(${angle.toFixed(2)} ${x.toFixed(1)} ${y.toFixed(1)})">${escapeXml(newText)}</text></svg>`;
  return toRaster(
    pipelineOf(picture).composite([
      { input: filled.data, raw: { width: filled.width, height: filled.height, channels: 3 }, left: region.left, top: region.top },
      { input: Buffer.from(svg), left: canvas.left, top: canvas.top },
    ]),
  );
}

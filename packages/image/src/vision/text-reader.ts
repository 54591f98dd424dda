import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { greyBytes } from '../pixel-ops';
import { pipelineOf, type Raster } from '../raster';
import { MODEL_FILES } from './model-files';

/**
 * Reading the words in a photo with Tesseract (tesseract.js: its WebAssembly core and worker
 * script from node_modules, the English LSTM model from @tesseract.js-data/eng: nothing is
 * fetched). Tesseract wants dark text on a plain light page, which a photo is not: each pass
 * keeps only the strokes that stand out from their close surroundings in one direction (light
 * letters on a darker ground, then dark on lighter), drops the blobs no letter is shaped like
 * (cloud edges, foliage, a whole dark wall), and reads what is left as black on white.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface TextWord {
  text: string;
  confidence: number;
  box: Box;
}

export interface TextLine {
  words: TextWord[];
  box: Box;
  /** Slope of the baseline, radians (positive: falling to the right). */
  angle: number;
  /** Light letters on a darker ground, or dark on lighter. */
  polarity: 'light' | 'dark';
}

/** Long side the photo is read at: big enough for a sign's words, small enough to read in well under a second. */
const READ_SIDE = 1200;
/**
 * Then, when what was asked for was not found, smaller: big letters over a busy ground (words
 * printed over spray, foliage) break into stroke fragments at 1200 px that read as nothing, and
 * come out whole once the ground's detail is averaged away.
 */
const READ_SIDES = [READ_SIDE, 640] as const;
/** Letter height a close-up reading scales a word to: Tesseract's LSTM reads best with letters a few dozen pixels tall. */
const CLOSE_UP_LETTER_HEIGHT = 48;
/** How much brighter or darker than its surroundings (a blur about a stroke wide) a stroke must be. */
const STROKE_CONTRAST = 30;
const MIN_CONFIDENCE = 70;
/**
 * White margin around each page, in pixels: Tesseract misreads letters that touch the page's edge
 * (the "l" of a word printed at the photo's very edge reads as "T"), and an empty border costs nothing.
 */
const PAGE_MARGIN = 16;

let tesseract: Promise<Worker> | null = null;
/** An idle reader is stopped after this long: Tesseract holds about 80 MB, and a busy server keeps it warm anyway. */
const IDLE_MS = 60_000;
let idleTimer: NodeJS.Timeout | null = null;
let reading = 0;

function reader(): Promise<Worker> {
  tesseract ??= (async () => {
    const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: MODEL_FILES.tesseractEnglish(), cacheMethod: 'none', gzip: true });
    // Sparse text: a photo's words stand here and there, not in paragraphs. The DPI only quiets a warning; sizes are measured in pixels.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '150' });
    return worker;
  })().catch((error: unknown) => {
    tesseract = null;
    throw error;
  });
  return tesseract;
}

/** Stops the shared Tesseract worker (tests and benchmarks); the next read starts a new one. */
export async function stopTextReader(): Promise<void> {
  const running = tesseract;
  tesseract = null;
  if (running) await (await running).terminate();
}

/**
 * Keeps the connected blobs that could be letters: of a letter's height, not much wider than
 * several letters side by side, and not a solid-filled rectangle's worth of noise. Flat dashes
 * (the furrows of a field, ripples) are neither letters nor an i's round dot, and dropping them
 * keeps Tesseract from stringing them onto the words beside them.
 */
export interface LetterSizes {
  minHeight: number;
  maxHeight: number;
  maxWidth: number;
  /** Largest side of an i's dot. */
  maxDot: number;
  /** Fewest pixels in an i's dot: specks smaller than any dot at the page's letter size are noise. */
  minDotPixels: number;
}

/** Letters of ordinary printed sizes on a whole page: between about 1% and 12% of its height, not wider than a fifth of it. */
export function pageLetterSizes(width: number, height: number): LetterSizes {
  return { minHeight: height * 0.008, maxHeight: height * 0.12, maxWidth: width * 0.2, maxDot: height * 0.012, minDotPixels: 4 };
}

/** A connected blob of stroke pixels. */
interface Blob {
  members: readonly number[];
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Calls `visit` with each 4-connected blob of the set pixels of `on`, in reading order of their first pixel. */
function forEachBlob(on: Uint8Array, width: number, height: number, visit: (blob: Blob) => void): void {
  const seen = new Uint8Array(on.length);
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < on.length; start += 1) {
    if (!on[start] || seen[start]) continue;
    members.length = 0;
    stack.push(start);
    seen[start] = 1;
    let minX = width;
    let maxX = 0;
    let minY = height;
    let maxY = 0;
    while (stack.length > 0) {
      const pixel = stack.pop()!;
      members.push(pixel);
      const x = pixel % width;
      const y = (pixel - x) / width;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const next = (neighbour: number) => {
        if (on[neighbour] && !seen[neighbour]) {
          seen[neighbour] = 1;
          stack.push(neighbour);
        }
      };
      if (x > 0) next(pixel - 1);
      if (x < width - 1) next(pixel + 1);
      if (y > 0) next(pixel - width);
      if (y < height - 1) next(pixel + width);
    }
    visit({ members, minX, maxX, minY, maxY });
  }
}

/** A blob of a letter's height, not much wider than several letters side by side, and not a solid-filled rectangle's worth of noise. */
function isLetter(blob: Blob, sizes: LetterSizes): boolean {
  const blobWidth = blob.maxX - blob.minX + 1;
  const blobHeight = blob.maxY - blob.minY + 1;
  return (
    blobHeight >= sizes.minHeight &&
    blobHeight <= sizes.maxHeight &&
    blobWidth <= sizes.maxWidth &&
    blobWidth <= blobHeight * 4 &&
    blob.members.length / (blobWidth * blobHeight) > 0.08
  );
}

/** The dot of an i: small but round and full. */
function isDot(blob: Blob, sizes: LetterSizes): boolean {
  const blobWidth = blob.maxX - blob.minX + 1;
  const blobHeight = blob.maxY - blob.minY + 1;
  return (
    blobHeight <= sizes.maxDot &&
    blobWidth <= sizes.maxDot &&
    blobWidth <= blobHeight * 2 &&
    blobHeight <= blobWidth * 2 &&
    blob.members.length / (blobWidth * blobHeight) > 0.5 &&
    blob.members.length >= sizes.minDotPixels
  );
}

export function keepLetterShapes(
  on: Uint8Array,
  width: number,
  height: number,
  sizes: LetterSizes = pageLetterSizes(width, height),
): Uint8Array {
  const page = new Uint8Array(on.length).fill(255);
  forEachBlob(on, width, height, (blob) => {
    if (isDot(blob, sizes) || isLetter(blob, sizes)) for (const member of blob.members) page[member] = 0;
  });
  return page;
}

/** The pixels that stand out from their close surroundings in one direction: brighter (light letters) or darker. */
function strokeMask(grey: Uint8Array, surroundings: Uint8Array, polarity: TextLine['polarity']): Uint8Array {
  const on = new Uint8Array(grey.length);
  for (let pixel = 0; pixel < grey.length; pixel += 1)
    on[pixel] = (grey[pixel]! - surroundings[pixel]!) * (polarity === 'light' ? 1 : -1) > STROKE_CONTRAST ? 1 : 0;
  return on;
}

/** Largest slant, in degrees either way, the slant of a photo's lines is looked for within. */
const MAX_SLANT = 30;
/** Fewest pairs of letters side by side that must agree on a slant (within a few degrees) for it to count. */
const MIN_SLANT_VOTES = 4;
/** Long side the photo's letters are found at to tell their slant. */
const SLANT_READ_SIDE = 900;

/**
 * The slant of the printed lines in a photo, in degrees (positive: falling to the right, as a sign
 * photographed turned clockwise), or null when too few letters stand side by side to tell. Each
 * letter-shaped blob is paired with the nearest one of about its height to its right, within two
 * letter heights: along a printed line the pairs' feet (the baseline; a descender's is an outlier)
 * share the line's slant, while the blobs of a busy ground pair at every angle. The most common
 * slant, give or take 2°, wins. It is a guess for which turn to read first, not a measurement.
 */
export async function textSlant(picture: Raster): Promise<number | null> {
  const scale = Math.min(1, SLANT_READ_SIDE / Math.max(picture.width, picture.height));
  const page = await pageOf(picture, scale, null, (Math.max(picture.width, picture.height) * scale) / 200);
  const votes = new Float64Array(MAX_SLANT * 2 + 1);
  for (const polarity of ['light', 'dark'] as const) {
    const letters: { x: number; y: number; height: number }[] = [];
    forEachBlob(strokeMask(page.grey, page.surroundings, polarity), page.width, page.height, (blob) => {
      if (isLetter(blob, page.sizes)) letters.push({ x: (blob.minX + blob.maxX) / 2, y: blob.maxY, height: blob.maxY - blob.minY + 1 });
    });
    letters.sort((a, b) => a.x - b.x);
    for (const [index, letter] of letters.entries()) {
      let nearest: { distance: number; slant: number } | null = null;
      for (let other = index + 1; other < letters.length; other += 1) {
        const next = letters[other]!;
        const dx = next.x - letter.x;
        if (dx > letter.height * 2) break;
        const ratio = next.height / letter.height;
        if (dx < letter.height * 0.3 || ratio < 0.6 || ratio > 1.6) continue;
        const dy = next.y - letter.y;
        const slant = (Math.atan2(dy, dx) * 180) / Math.PI;
        const distance = Math.hypot(dx, dy);
        if (Math.abs(slant) <= MAX_SLANT && (!nearest || distance < nearest.distance)) nearest = { distance, slant };
      }
      if (nearest) votes[Math.round(nearest.slant) + MAX_SLANT]! += 1;
    }
  }
  let best = 0;
  let bestVotes = 0;
  for (let bin = 0; bin < votes.length; bin += 1) {
    let around = 0;
    for (let near = Math.max(0, bin - 2); near <= Math.min(votes.length - 1, bin + 2); near += 1) around += votes[near]!;
    if (around > bestVotes) {
      best = bin;
      bestVotes = around;
    }
  }
  if (bestVotes < MIN_SLANT_VOTES) return null;
  let sum = 0;
  for (let near = Math.max(0, best - 2); near <= Math.min(votes.length - 1, best + 2); near += 1) sum += (near - MAX_SLANT) * votes[near]!;
  return sum / bestVotes;
}

async function strokesPage(
  grey: Uint8Array,
  surroundings: Uint8Array,
  width: number,
  height: number,
  polarity: TextLine['polarity'],
  sizes: LetterSizes,
): Promise<Buffer> {
  const page = keepLetterShapes(strokeMask(grey, surroundings, polarity), width, height, sizes);
  return sharp(Buffer.from(page.buffer, page.byteOffset, page.length), { raw: { width, height, channels: 1 } })
    .extend({ top: PAGE_MARGIN, bottom: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Waits for `work` unless `signal` fires first; then rejects at once with its reason and, when no
 * other reading shares the Tesseract worker, stops it: a page being read cannot be interrupted any
 * other way, and a busy photo can keep Tesseract going for seconds.
 */
async function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      if (reading === 1) void stopTextReader();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  // The work's own failure after an abort (its worker stopped) has nobody waiting for it.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

interface Page {
  grey: Uint8Array;
  surroundings: Uint8Array;
  width: number;
  height: number;
  /** A page pixel's box, in the photo. */
  toPicture: (box: Box) => Box;
  sizes: LetterSizes;
}

/** The photo (or a region of it), scaled and made grey for reading. */
async function pageOf(picture: Raster, scale: number, region: Region | null, blur: number, sizes?: LetterSizes): Promise<Page> {
  const area = region ?? { left: 0, top: 0, width: picture.width, height: picture.height };
  const width = Math.max(1, Math.round(area.width * scale));
  const height = Math.max(1, Math.round(area.height * scale));
  const pipeline = () => {
    let each = pipelineOf(picture);
    if (region) each = each.extract(region);
    return each.resize(width, height, { fit: 'fill' });
  };
  const grey = await greyBytes(pipeline());
  const surroundings = await greyBytes(pipeline().blur(blur));
  return {
    grey,
    surroundings,
    width,
    height,
    sizes: sizes ?? pageLetterSizes(width, height),
    toPicture: (box) => ({
      left: box.left / scale + area.left,
      top: box.top / scale + area.top,
      right: box.right / scale + area.left,
      bottom: box.bottom / scale + area.top,
    }),
  };
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Marks the shared Tesseract worker busy while `work` runs, and stops it once it has been idle a while. */
async function whileReading<T>(work: () => Promise<T>): Promise<T> {
  if (idleTimer) clearTimeout(idleTimer);
  reading += 1;
  try {
    return await work();
  } finally {
    reading -= 1;
    if (reading === 0) idleTimer = setTimeout(() => void (reading === 0 && stopTextReader()), IDLE_MS).unref();
  }
}

/**
 * The lines of text in a photo, in its own pixels. `enough` may end the reading after the first
 * pass that finds what the caller needs; `untilFound`: read at the smaller size too while `enough`
 * is not met; `signal` ends it when the job is given up.
 */
export async function readText(
  picture: Raster,
  enough: (lines: TextLine[]) => boolean = () => false,
  signal?: AbortSignal,
  { untilFound = false } = {},
): Promise<TextLine[]> {
  return whileReading(async () => {
    const lines: TextLine[] = [];
    let lastSide = Infinity;
    for (const side of READ_SIDES) {
      const scale = Math.min(1, side / Math.max(picture.width, picture.height));
      const longSide = Math.max(1, Math.round(Math.max(picture.width, picture.height) * scale));
      // A photo no larger than the last reading's size has nothing new to show at this one.
      if (longSide >= lastSide) break;
      lastSide = longSide;
      const page = await pageOf(picture, scale, null, longSide / 200);
      lines.push(...(await readWith(await unlessAborted(reader(), signal), page, (sofar) => enough([...lines, ...sofar]), signal)));
      // A smaller reading is for words asked for and not yet found, or for a photo where nothing was read at all.
      if (enough(lines) || (!untilFound && lines.length > 0)) break;
    }
    return lines;
  });
}

/**
 * Reads one region of the photo again, close up: the region alone, scaled so its letters are `letterHeight` tall in the photo's pixels become CLOSE_UP_LETTER_HEIGHT. On a
 * whole busy page Tesseract may split a word in two or string a stray blob onto it; alone, the
 * word reads whole and its box fits its letters.
 */
export async function readCloseUp(
  picture: Raster,
  around: Box,
  letterHeight: number,
  enough: (lines: TextLine[]) => boolean = () => false,
  signal?: AbortSignal,
): Promise<TextLine[]> {
  const left = Math.max(0, Math.floor(around.left));
  const top = Math.max(0, Math.floor(around.top));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(picture.width, Math.ceil(around.right)) - left),
    height: Math.max(1, Math.min(picture.height, Math.ceil(around.bottom)) - top),
  };
  const scale = CLOSE_UP_LETTER_HEIGHT / Math.max(1, letterHeight);
  const sizes = {
    minHeight: CLOSE_UP_LETTER_HEIGHT * 0.3,
    maxHeight: CLOSE_UP_LETTER_HEIGHT * 1.6,
    maxWidth: CLOSE_UP_LETTER_HEIGHT * 6,
    maxDot: CLOSE_UP_LETTER_HEIGHT * 0.3,
    minDotPixels: (CLOSE_UP_LETTER_HEIGHT * 0.08) ** 2,
  };
  return whileReading(async () => {
    const page = await pageOf(picture, scale, region, CLOSE_UP_LETTER_HEIGHT / 7, sizes);
    return readWith(await unlessAborted(reader(), signal), page, enough, signal);
  });
}

async function readWith(
  worker: Worker,
  page: Page,
  enough: (lines: TextLine[]) => boolean,
  signal: AbortSignal | undefined,
): Promise<TextLine[]> {
  const lines: TextLine[] = [];
  for (const polarity of ['light', 'dark'] as const) {
    signal?.throwIfAborted();
    const image = await strokesPage(page.grey, page.surroundings, page.width, page.height, polarity, page.sizes);
    const { data } = await unlessAborted(worker.recognize(image, {}, { blocks: true }), signal);
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words
            .filter((word) => word.confidence >= MIN_CONFIDENCE && /[\p{L}\p{N}]/u.test(word.text))
            .map((word) => ({ text: word.text.trim(), confidence: word.confidence, box: page.toPicture(onPage(word.bbox)) }));
          if (words.length === 0) continue;
          const { x0, y0, x1, y1 } = line.baseline;
          lines.push({
            words,
            box: union(words.map((word) => word.box)),
            angle: x1 === x0 ? 0 : Math.atan2(y1 - y0, x1 - x0),
            polarity,
          });
        }
      }
    }
    if (enough(lines)) break;
  }
  return lines;
}

/** A box Tesseract gives, on the page without its white margin. */
function onPage(box: { x0: number; y0: number; x1: number; y1: number }): Box {
  return { left: box.x0 - PAGE_MARGIN, top: box.y0 - PAGE_MARGIN, right: box.x1 - PAGE_MARGIN, bottom: box.y1 - PAGE_MARGIN };
}

export function union(boxes: readonly Box[]): Box {
  return {
    left: Math.min(...boxes.map((box) => box.left)),
    top: Math.min(...boxes.map((box) => box.top)),
    right: Math.max(...boxes.map((box) => box.right)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}

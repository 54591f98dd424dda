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
/** How much brighter or darker than its surroundings (a blur about a stroke wide) a stroke must be. */
const STROKE_CONTRAST = 30;
const MIN_CONFIDENCE = 70;

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
 * Keeps the connected blobs that could be letters: between about 1% and 12% of the page's height,
 * not wider than a fifth of it, and not a solid-filled rectangle's worth of noise.
 */
export function keepLetterShapes(on: Uint8Array, width: number, height: number): Uint8Array {
  const seen = new Uint8Array(on.length);
  const page = new Uint8Array(on.length).fill(255);
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
      const visit = (next: number) => {
        if (on[next] && !seen[next]) {
          seen[next] = 1;
          stack.push(next);
        }
      };
      if (x > 0) visit(pixel - 1);
      if (x < width - 1) visit(pixel + 1);
      if (y > 0) visit(pixel - width);
      if (y < height - 1) visit(pixel + width);
    }
    const blobWidth = maxX - minX + 1;
    const blobHeight = maxY - minY + 1;
    const fill = members.length / (blobWidth * blobHeight);
    // The dot of an i is small but round and full; everything else must be a letter's height.
    const dot = blobHeight <= height * 0.012 && blobWidth <= height * 0.012 && fill > 0.5 && members.length >= 4;
    const letter = blobHeight >= height * 0.008 && blobHeight <= height * 0.12 && blobWidth <= width * 0.2 && fill > 0.08;
    if (dot || letter) for (const member of members) page[member] = 0;
  }
  return page;
}

async function strokesPage(
  grey: Uint8Array,
  surroundings: Uint8Array,
  width: number,
  height: number,
  polarity: TextLine['polarity'],
): Promise<Buffer> {
  const on = new Uint8Array(grey.length);
  for (let pixel = 0; pixel < grey.length; pixel += 1)
    on[pixel] = (grey[pixel]! - surroundings[pixel]!) * (polarity === 'light' ? 1 : -1) > STROKE_CONTRAST ? 1 : 0;
  const page = keepLetterShapes(on, width, height);
  return sharp(Buffer.from(page.buffer, page.byteOffset, page.length), { raw: { width, height, channels: 1 } })
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
  if (idleTimer) clearTimeout(idleTimer);
  reading += 1;
  try {
    const lines: TextLine[] = [];
    let lastSide = Infinity;
    for (const side of READ_SIDES) {
      const scale = Math.min(1, side / Math.max(picture.width, picture.height));
      const width = Math.max(1, Math.round(picture.width * scale));
      const height = Math.max(1, Math.round(picture.height * scale));
      // A photo no larger than the last reading's size has nothing new to show at this one.
      if (Math.max(width, height) >= lastSide) break;
      lastSide = Math.max(width, height);
      const grey = await greyBytes(pipelineOf(picture).resize(width, height, { fit: 'fill' }));
      const surroundings = await greyBytes(
        pipelineOf(picture)
          .resize(width, height, { fit: 'fill' })
          .blur(Math.max(width, height) / 200),
      );
      lines.push(
        ...(await readWith(
          await unlessAborted(reader(), signal),
          grey,
          surroundings,
          width,
          height,
          scale,
          (sofar) => enough([...lines, ...sofar]),
          signal,
        )),
      );
      // A smaller reading is for words asked for and not yet found, or for a photo where nothing was read at all.
      if (enough(lines) || (!untilFound && lines.length > 0)) break;
    }
    return lines;
  } finally {
    reading -= 1;
    if (reading === 0) idleTimer = setTimeout(() => void (reading === 0 && stopTextReader()), IDLE_MS).unref();
  }
}

async function readWith(
  worker: Worker,
  grey: Uint8Array,
  surroundings: Uint8Array,
  width: number,
  height: number,
  scale: number,
  enough: (lines: TextLine[]) => boolean,
  signal: AbortSignal | undefined,
): Promise<TextLine[]> {
  const lines: TextLine[] = [];
  for (const polarity of ['light', 'dark'] as const) {
    signal?.throwIfAborted();
    const page = await strokesPage(grey, surroundings, width, height, polarity);
    const { data } = await unlessAborted(worker.recognize(page, {}, { blocks: true }), signal);
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words
            .filter((word) => word.confidence >= MIN_CONFIDENCE && /[\p{L}\p{N}]/u.test(word.text))
            .map((word) => ({ text: word.text.trim(), confidence: word.confidence, box: toPicture(word.bbox, scale) }));
          if (words.length === 0) continue;
          const { x0, y0, x1, y1 } = line.baseline;
          lines.push({ words, box: union(words.map((word) => word.box)), angle: x1 === x0 ? 0 : Math.atan2(y1 - y0, x1 - x0), polarity });
        }
      }
    }
    if (enough(lines)) break;
  }
  return lines;
}

function toPicture(box: { x0: number; y0: number; x1: number; y1: number }, scale: number): Box {
  return { left: box.x0 / scale, top: box.y0 / scale, right: box.x1 / scale, bottom: box.y1 / scale };
}

export function union(boxes: readonly Box[]): Box {
  return {
    left: Math.min(...boxes.map((box) => box.left)),
    top: Math.min(...boxes.map((box) => box.top)),
    right: Math.max(...boxes.map((box) => box.right)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}

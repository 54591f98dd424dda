/**
 * The cost of "nothing outside the brush changes": compositing one engine result over a 12 MP
 * photo through a mask (align the result, grow and feather the mask, blend, encode), as the
 * generation job does for every image of a masked edit. The result is a hosted model's 1536×1024,
 * scaled to cover the 4000×3000 source; the mask a brushed ellipse over about a tenth of it.
 * sharp on one thread, no cache. Target: under 2 s per image (the engines themselves take 5-60 s).
 *
 *   npm run bench:mask-compositing        (BENCH_RUNS runs, default 5)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { compositeWithinMask } from '../src/server/features/generation/mask-compositing';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WIDTH = 4000;
const HEIGHT = 3000;

sharp.concurrency(1);
sharp.cache(false);

const source = await sharp(readFileSync(path.resolve(import.meta.dirname, '../fixtures/photos/Landscape_1.jpg')))
  .rotate()
  .resize(WIDTH, HEIGHT, { fit: 'fill' })
  .jpeg({ quality: 90 })
  .toBuffer();
const result = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: { r: 200, g: 30, b: 40 } } })
  .png()
  .toBuffer();
const ellipse = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="black"/><ellipse cx="2000" cy="1700" rx="700" ry="520" fill="white"/></svg>`,
);
const mask = await sharp(ellipse).toColourspace('b-w').png().toBuffer();

const times: number[] = [];
let bytes = 0;
for (let run = 0; run < RUNS + 1; run += 1) {
  const started = performance.now();
  const out = await compositeWithinMask(source, result, mask);
  const ms = performance.now() - started;
  bytes = out.data.length;
  // The first run warms up the JIT and libvips; it is not counted.
  if (run > 0) times.push(ms);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(
  JSON.stringify({
    runs: RUNS,
    medianMs: Math.round(median),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times[times.length - 1]!),
    outputBytes: bytes,
    peakRssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  }),
);

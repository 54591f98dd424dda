/**
 * Local engine time per style on a 12-megapixel photo, on one core.
 *
 *   npm run bench:local-engine            # 3 timed runs per style (BENCH_RUNS to change)
 *
 * Each run is a whole `LocalImageEngine.edit` call as the worker makes it: decode a 4000×3000 JPEG
 * (a fixture enlarged in memory), scale it to the working size, apply the style, encode the result.
 * libvips gets one thread (sharp.concurrency(1)); the JavaScript is single-threaded anyway.
 * Target: under 1 s for every style.
 */
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { STYLES } from '@photomuse/request-language';
import sharp from 'sharp';
import { LocalImageEngine } from '../src/local-engine';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  sharp.concurrency(1);
  // The cache would let later runs skip decoding the same input; every real request is a new photo.
  sharp.cache(false);
  const fixture = await readFile(path.resolve(import.meta.dirname, '../../../fixtures/photos/Landscape_1.jpg'));
  const photo = await sharp(fixture).rotate().resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
  const engine = new LocalImageEngine();
  const image = [{ data: photo, mimeType: 'image/jpeg' }];

  const cases: { name: string; run: () => Promise<unknown> }[] = [
    { name: '(decode, scale and encode only: crop to 3:2)', run: () => engine.edit(image, 'crop it', { count: 1, aspectRatio: '3:2' }) },
    ...STYLES.map((style) => ({
      name: style.id,
      run: () => engine.edit(image, `make it ${style.english}`, { count: 1, aspectRatio: 'unchanged' }),
    })),
    {
      name: '(colour change: blue to red)',
      run: () => engine.edit(image, 'change the blue to red', { count: 1, aspectRatio: 'unchanged' }),
    },
    {
      name: '(text to image: sunset over the sea, 1536×864)',
      run: () => engine.generate('sunset over the sea with mountains and clouds', { count: 1, aspectRatio: '16:9' }),
    },
  ];

  await cases[1]!.run();
  const rows: { name: string; median: number; min: number; max: number }[] = [];
  for (const { name, run } of cases) {
    const times: number[] = [];
    for (let attempt = 0; attempt < RUNS; attempt += 1) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    const row = { name, median: median(times), min: Math.min(...times), max: Math.max(...times) };
    rows.push(row);
    process.stderr.write(`${name}: ${row.median.toFixed(0)} ms\n`);
  }

  const styleRows = rows.filter((row) => !row.name.startsWith('('));
  const over = styleRows.filter((row) => row.median >= TARGET_MS);
  console.log(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}), Node ${process.version}, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}, sharp.concurrency(1), ${RUNS} runs each.\n`,
  );
  console.log('| style | median ms | min ms | max ms |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const row of rows) console.log(`| ${row.name} | ${row.median.toFixed(0)} | ${row.min.toFixed(0)} | ${row.max.toFixed(0)} |`);
  const slowest = styleRows.reduce((worst, row) => (row.median > worst.median ? row : worst));
  console.log(
    `\n${styleRows.length} styles; slowest ${slowest.name} at ${slowest.median.toFixed(0)} ms; median of medians ${median(styleRows.map((row) => row.median)).toFixed(0)} ms; ${over.length === 0 ? 'all under' : `${over.length} over`} the ${TARGET_MS} ms target${over.length ? ` (${over.map((row) => row.name).join(', ')})` : ''}.`,
  );
}

await main();

/**
 * The local engine's edits that use its vision models, on 12-megapixel photos, on one core.
 *
 *   taskset -c 0 npm run bench:person-edits      # BENCH_RUNS runs per case (default 3)
 *
 * Each run is one whole `LocalImageEngine.edit` call as the worker makes it (decode the 12 MP
 * JPEG, the models' work, encode the result at full size). The 12 MP JPEGs are made beforehand by
 * a process of its own (twelve-megapixels.ts), as the worker receives them ready-made. Before the timed runs one call of each
 * case loads the models (once per process, as in the server). libvips gets one thread
 * (sharp.concurrency(1)); run it under `taskset -c 0` so the main thread, the vision worker and
 * Tesseract's worker share one core. Resident memory (RSS, the whole process with its worker
 * threads) is sampled every 20 ms throughout. The npm script runs it with MALLOC_ARENA_MAX=2, as
 * `npm start` and `npm run worker` run the server (decision 021); the header says which was used.
 * Budgets: segmentation + background replacement under 1.5 s; OCR + replacement under
 * 2 s; resident memory under 500 MB.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { describeScene, tokenize } from '@photomuse/request-language';
import sharp from 'sharp';
import { LocalImageEngine } from '../src/local-engine';
import { decodeToRaster } from '../src/raster';
import { changeBackground } from '../src/vision/background-edit';
import { findPerson } from '../src/vision/person-mask';
import { stopTextReader } from '../src/vision/text-reader';
import { findText } from '../src/vision/text-replace';
import { stopVisionWorker } from '../src/vision/vision-client';
import type { TwelveMegapixelPhoto } from './twelve-megapixels';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Case {
  name: string;
  budget?: number;
  run: () => Promise<unknown>;
}

interface Row {
  name: string;
  median: number;
  min: number;
  max: number;
  budget?: number | undefined;
  rss: number;
  /** Median CPU time of a run (user + system, every thread of the process): the work itself, less disturbed by other processes than the wall clock. */
  cpu: number;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The 12 MP inputs, made by a process of its own (twelve-megapixels.ts) so their making leaves nothing in this one's heap. */
async function twelveMegapixelPhotos(photos: TwelveMegapixelPhoto[]): Promise<Buffer[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'person-edits-'));
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'twelve-megapixels.ts'), folder, JSON.stringify(photos)],
      {
        stdio: 'inherit',
      },
    );
    return await Promise.all(photos.map((_, index) => readFile(path.join(folder, `${index}.jpg`))));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function main() {
  sharp.concurrency(1);
  sharp.cache(false);
  let peakRss = 0;
  let casePeak = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    peakRss = Math.max(peakRss, rss);
    casePeak = Math.max(casePeak, rss);
  }, 20);
  const [portrait, sign, hat, landscape, edgeWords, slanted] = (await twelveMegapixelPhotos([
    { name: 'people/082.jpg', width: 4000, height: 3000 },
    { name: 'photos/Portrait_1.jpg', width: 2828, height: 4243 },
    { name: 'people/099.jpg', width: 3464, height: 3464 },
    { name: 'photos/Landscape_1.jpg', width: 4243, height: 2828 },
    { name: 'photos/Landscape_6.jpg', width: 4243, height: 2828 },
    { name: 'photos/Landscape_6.jpg', width: 4000, height: 3000, turn: 15 },
  ])) as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
  const engine = new LocalImageEngine();
  const edit = (data: Buffer, prompt: string) =>
    engine.edit([{ data, mimeType: 'image/jpeg' }], prompt, { count: 1, aspectRatio: 'unchanged' });
  const beach = describeScene(tokenize('beach'));

  const wholeEdits: Case[] = [
    {
      name: 'put me on a beach (whole edit: decode, segment, refine, composite, encode)',
      budget: 1500,
      run: () => edit(portrait, 'put me on a beach'),
    },
    { name: 'white background', run: () => edit(portrait, 'white background') },
    { name: 'blur the background', run: () => edit(portrait, 'blur the background') },
    { name: 'remove the background (PNG with alpha)', run: () => edit(portrait, 'remove the background') },
    { name: 'make the shirt blue (clothing only)', run: () => edit(portrait, 'make the shirt blue') },
    {
      name: 'change "top" to "SALE" (whole edit: decode, OCR, fill, draw, encode)',
      budget: 2000,
      run: () => edit(sign, 'change "top" to "SALE"'),
    },
    { name: 'replace the text with SALE (both reading passes)', run: () => edit(sign, 'replace the text with SALE') },
    {
      name: 'make the hat red (the garment placed by the face: hat above the brow)',
      budget: 1500,
      run: () => edit(hat, 'make the hat red'),
    },
    {
      name: 'put me on a beach, a small person seen from behind (no face: the pose finds the body)',
      budget: 1500,
      run: () => edit(sign, 'put me on a beach'),
    },
    {
      name: 'replace "bottom" with "Iceland" over spray (found by the second, 640 px reading)',
      budget: 2000,
      run: () => edit(landscape, 'replace the text "bottom" with "Iceland"'),
    },
    {
      name: 'replace "left" with "West" at the picture\'s edge (found, then read again close up)',
      budget: 2000,
      run: () => edit(edgeWords, 'replace the text "left" with "West"'),
    },
    {
      name: 'replace "right" with "East" on a photo turned 15° (missed level, found on a turned reading)',
      budget: 2000,
      run: () => edit(slanted, 'replace the text "right" with "East"'),
    },
    {
      name: 'a word that is not there: "OPEN" refused after every reading, level and turned',
      run: () =>
        edit(sign, 'change "OPEN" to "CLOSED"').then(
          () => {
            throw new Error('"OPEN" was found where there is no such word');
          },
          () => undefined,
        ),
    },
  ];
  const rows: Row[] = [];
  process.stderr.write(`resident before any model: ${mb(process.memoryUsage().rss)} MB\n`);
  await measure(wholeEdits, rows);
  const enginePeak = peakRss;

  // The parts, on photos decoded once and held (so these rows' memory includes two 12 MP photos the engine would not hold).
  const portraitRaster = await decodeToRaster(portrait, 4096);
  const signRaster = await decodeToRaster(sign, 4096);
  const mask = await findPerson(portraitRaster);
  await measure(
    [
      { name: 'part: segmentation and refinement (findPerson)', run: () => findPerson(portraitRaster) },
      // changeBackground writes into the picture it is given: each run gets its own copy.
      {
        name: 'part: the new background (changeBackground, given the mask)',
        run: async () =>
          changeBackground({ ...portraitRaster, data: Buffer.from(portraitRaster.data) }, mask, { kind: 'scene', scene: beach }, 1),
      },
      { name: 'part: reading the text (findText, first pass finds it)', run: () => findText(signRaster, 'top') },
    ],
    rows,
  );

  async function measure(cases: Case[], into: Row[]) {
    const warmUp = performance.now();
    for (const item of cases) await item.run();
    process.stderr.write(
      `warm-up (loads the models once per process): ${(performance.now() - warmUp).toFixed(0)} ms; resident after: ${mb(process.memoryUsage().rss)} MB\n`,
    );
    for (const item of cases) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      casePeak = process.memoryUsage().rss;
      for (let attempt = 0; attempt < RUNS; attempt += 1) {
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        await item.run();
        const cpu = process.cpuUsage(cpuBefore);
        times.push(performance.now() - started);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
      }
      into.push({
        name: item.name,
        median: median(times),
        min: Math.min(...times),
        max: Math.max(...times),
        budget: item.budget,
        rss: casePeak,
        cpu: median(cpuTimes),
      });
      process.stderr.write(`${item.name}: ${median(times).toFixed(0)} ms\n`);
    }
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  console.log(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores visible, load average ${os.loadavg()[0]!.toFixed(1)}), Node ${process.version}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'}, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}, sharp.concurrency(1), ${RUNS} runs each.\n`,
  );
  console.log('| case (12 MP photo) | median ms | min ms | max ms | median CPU ms | budget | peak RSS MB |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: |');
  for (const row of rows)
    console.log(
      `| ${row.name} | ${row.median.toFixed(0)} | ${row.min.toFixed(0)} | ${row.max.toFixed(0)} | ${row.cpu.toFixed(0)} | ${row.budget ? `${row.budget} ms: ${row.median < row.budget ? 'met' : 'NOT met'}` : ''} | ${mb(row.rss)} |`,
    );
  console.log(
    `\nPeak resident memory of the process (main thread, vision worker, Tesseract worker) over the whole edits: ${mb(enginePeak)} MB (budget 500 MB: ${enginePeak < 500 * 1024 * 1024 ? 'met' : 'NOT met'}).`,
  );
  await stopVisionWorker();
  await stopTextReader();
}

await main();

/**
 * Renders the landing page's sample gallery: real fixture photos in, real outputs of our local
 * engine out, written as optimised WebP into src/web/public/samples/ (committed, served as is).
 *
 *   npx tsx scripts/generate-samples.ts               inputs and engine outputs (exit 1 if any output is missing)
 *   npx tsx scripts/generate-samples.ts --inputs-only  only the resized "before" photos
 *
 * The texts of each sample live in src/web/features/marketing/samples.ts; this file only says
 * which fixture each sample starts from and which prompt made each output.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { ImageEngine } from '../src/server/features/generation/engines/image-engine';
import { SAMPLE_MAX_SIZE_PX, SAMPLE_SMALL_SIZE_PX, samples, smallVariantOf } from '../src/web/features/marketing/samples';

const root = path.resolve(import.meta.dirname, '..');
const fixturesDir = path.join(root, 'fixtures');
const publicDir = path.join(root, 'src/web/public');
const WEBP_QUALITY = 72;

/** Per sample: the fixture it starts from and, per output (same order as samples.ts), the prompt sent to the engine. */
const recipes: Record<string, { fixture: string; outputPrompts: string[] }> = {
  'red-top-recolour': { fixture: 'people/013.jpg', outputPrompts: ['Make the red top purple'] },
  'new-backdrop': {
    fixture: 'people/099.jpg',
    outputPrompts: ['Put me on a beach', 'Put me in the city at night', 'Change the blue background to pink'],
  },
  'portrait-pencil-sketch': { fixture: 'people/037.jpg', outputPrompts: ['Turn this portrait into a pencil sketch'] },
  'vintage-film-portrait': { fixture: 'people/082.jpg', outputPrompts: ['Give this photo a vintage film look', 'Make it black and white'] },
  'waterfall-caption': { fixture: 'photos/Landscape_1.jpg', outputPrompts: ['Add the caption "Iceland"'] },
  'digital-art-portrait': {
    fixture: 'people/091.jpg',
    outputPrompts: ['Make it digital art', 'Make it anime', 'Turn this photo into pop art'],
  },
};

/** Where the local engine may live; the first module that exists and exports a factory or class wins. */
const engineModules = ['src/server/features/generation/engines/local-engine-adapter.ts'];

async function loadLocalEngine(): Promise<{ engine: ImageEngine } | { reason: string }> {
  for (const relative of engineModules) {
    const file = path.join(root, relative);
    if (!existsSync(file)) continue;
    try {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      if (typeof module.createLocalEngine === 'function') return { engine: (module.createLocalEngine as () => ImageEngine)() };
      const engineClass = Object.entries(module).find(([name, value]) => /^Local\w*Engine$/.test(name) && typeof value === 'function')?.[1];
      if (engineClass) return { engine: new (engineClass as new () => ImageEngine)() };
    } catch (error) {
      return { reason: `${relative}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { reason: `none of ${engineModules.join(', ')} exports createLocalEngine or a Local…Engine class` };
}

const publicFile = (publicPath: string) => path.join(publicDir, publicPath.replace(/^\//, ''));

/** Writes the picture at the sample's size and at half size (see smallVariantOf); returns the bytes written. */
async function writeWebp(image: Buffer, publicPath: string, size: { width: number; height: number }): Promise<number> {
  let written = 0;
  const scales = [
    { target: publicPath, factor: 1 },
    { target: smallVariantOf(publicPath), factor: SAMPLE_SMALL_SIZE_PX / SAMPLE_MAX_SIZE_PX },
  ];
  for (const { target, factor } of scales) {
    const data = await sharp(image)
      .resize({ width: Math.round(size.width * factor), height: Math.round(size.height * factor), fit: 'cover' })
      .webp({ quality: WEBP_QUALITY, effort: 6 })
      .toBuffer();
    await writeFile(publicFile(target), data);
    written += data.length;
  }
  return written;
}

/** Mean absolute difference per RGB channel (0-255) of two pictures, compared as 64x64 thumbnails. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const thumb = (image: Buffer) => sharp(image).resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [left, right] = await Promise.all([thumb(a), thumb(b)]);
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += Math.abs(left[i]! - right[i]!);
  return sum / left.length;
}

/** Below this, the engine evidently did not carry out the request: such an output must not be shown as a result. */
const UNCHANGED_DIFFERENCE = 1;

function report(title: string, lines: string[]): void {
  if (lines.length === 0) return;
  console.error(title);
  for (const line of lines) console.error(`  ${line}`);
}

async function main() {
  const inputsOnly = process.argv.includes('--inputs-only');
  await mkdir(path.join(publicDir, 'samples'), { recursive: true });
  const loaded = inputsOnly ? null : await loadLocalEngine();
  const engine = loaded && 'engine' in loaded ? loaded.engine : null;
  if (loaded && 'reason' in loaded) console.warn(`The local engine is not available (${loaded.reason}); writing the inputs only.`);
  const missing: string[] = [];
  const refused: string[] = [];
  const unchanged: string[] = [];
  let totalBytes = 0;

  for (const sample of samples) {
    const recipe = recipes[sample.id];
    if (!recipe) throw new Error(`No recipe for sample ${sample.id}`);
    if (recipe.outputPrompts.length !== sample.outputs.length)
      throw new Error(`Sample ${sample.id}: ${sample.outputs.length} outputs but ${recipe.outputPrompts.length} prompts`);

    // Orientation applied and resized once; the engine works on exactly the picture visitors see as "before".
    const { data: before, info } = await sharp(await readFile(path.join(fixturesDir, recipe.fixture)))
      .rotate()
      .resize({ width: SAMPLE_MAX_SIZE_PX, height: SAMPLE_MAX_SIZE_PX, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== sample.input.width || info.height !== sample.input.height) {
      throw new Error(
        `Sample ${sample.id}: samples.ts says ${sample.input.width}x${sample.input.height}, the resized fixture is ${info.width}x${info.height}`,
      );
    }
    totalBytes += await writeWebp(before, sample.input.path, sample.input);
    console.log(`wrote ${sample.input.path}`);

    for (const [index, output] of sample.outputs.entries()) {
      const prompt = recipe.outputPrompts[index]!;
      if (!engine) {
        missing.push(output.path);
        continue;
      }
      const started = performance.now();
      let result: Awaited<ReturnType<ImageEngine['edit']>>;
      try {
        result = await engine.edit([{ data: before, mimeType: 'image/png' }], prompt, { count: 1, aspectRatio: 'unchanged' });
      } catch (error) {
        refused.push(`${output.path} ("${prompt}"): ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const image = result.images[0];
      if (!image) throw new Error(`Sample ${sample.id}: the engine returned no image for "${prompt}"`);
      const difference = await meanDifference(before, image.data);
      if (difference < UNCHANGED_DIFFERENCE) {
        unchanged.push(`${output.path} ("${prompt}"): ${result.note}`);
        continue;
      }
      totalBytes += await writeWebp(image.data, output.path, sample.input);
      console.log(
        `wrote ${output.path} (${Math.round(performance.now() - started)} ms, difference ${difference.toFixed(1)}; ${result.note})`,
      );
    }
  }

  console.log(`total ${(totalBytes / 1024).toFixed(1)} KB in src/web/public/samples/`);
  report('The engine could not carry out these requests, so they were not written:', refused);
  report('The engine returned these pictures (almost) unchanged, so they were not written:', unchanged);
  if (missing.length > 0) {
    const present = await Promise.all(
      missing.map((p) =>
        stat(publicFile(p)).then(
          () => true,
          () => false,
        ),
      ),
    );
    report(
      `${inputsOnly ? 'Inputs only' : 'Without the local engine'}; these outputs still have to be rendered:`,
      missing.map((p, index) => `${p}${present[index] ? ' (an older render exists)' : ''}`),
    );
  }
  if (refused.length + unchanged.length > 0 || (missing.length > 0 && !inputsOnly)) process.exitCode = 1;
}

await main();

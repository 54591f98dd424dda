#!/usr/bin/env node
// Builds the vision worker (src/vision/vision-worker.ts and the two modules it imports) into one
// plain CommonJS script, dist/vision-worker.cjs, which the engine starts as a worker thread. Run by
// `npm install` (this package's `prepare`), `npm run build`, `npm start` and the tests' setup; a
// worker thread's entry does not go through the TypeScript loader the server runs under, and a
// loader registered inside the worker cost about 30 MB of its memory and a second or two of its
// start (decision 021).
import { renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const VISION_WORKER_ENTRY = path.join(packageRoot, 'src/vision/vision-worker.ts');
export const VISION_WORKER_SCRIPT = path.join(packageRoot, 'dist/vision-worker.cjs');

export async function buildVisionWorker() {
  // Written beside and renamed into place, so a worker starting meanwhile never reads half a file.
  const partial = `${VISION_WORKER_SCRIPT}.${process.pid}.partial`;
  await build({
    entryPoints: [VISION_WORKER_ENTRY],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // The oldest Node the product runs on (engines in package.json).
    target: 'node20.19',
    // Its npm packages stay require() calls, resolved from dist/ up through node_modules as any module's are.
    packages: 'external',
    // The bundled modules find their packages from their own place (model-files.ts).
    banner: { js: "'use strict';\nconst importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': 'importMetaUrl' },
    // A CommonJS script has no ES module loader: a package loaded on first need (tfjs-layers) is required then.
    supported: { 'dynamic-import': false },
    logLevel: 'warning',
  });
  renameSync(partial, VISION_WORKER_SCRIPT);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildVisionWorker();

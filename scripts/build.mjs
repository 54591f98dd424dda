#!/usr/bin/env node
// Builds the workspace packages, then the web client into dist/web, stamped so `npm start` knows it is current.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages } from './build-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR lets parallel test runs build and serve their own copy.
const outDir = path.resolve(root, process.env.WEB_DIST_DIR ?? 'dist/web');
const packages = buildPackages(root);
if (packages !== 0) process.exit(packages);
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(path.join(outDir, '.build-stamp'), new Date().toISOString());

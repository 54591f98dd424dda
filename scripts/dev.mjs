#!/usr/bin/env node
// `npm run dev`: the API with restart on change, and Vite's dev server (hot reload) proxying /api.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages } from './build-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = buildPackages(root);
if (packages !== 0) process.exit(packages);
const env = { ...process.env, SERVE_WEB: 'false', APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, env, stdio: 'inherit' }),
];
let exiting = false;
const stopAll = (signal) => {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });

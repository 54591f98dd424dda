import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from './lib/env';
import { createLogger } from './lib/logger';
import { startServer, type RunningServer } from './start-server';

/** A built client as vite.config.ts writes it: hashed scripts with .br and .gz copies next to them. */
const SCRIPT_PATH = '/assets/index-Bx7f3kQ1.js';
const script = `export const greeting = ${JSON.stringify('PhotoMuse '.repeat(400))};\n`;

let server: RunningServer;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-web-client-'));
  const webDistDir = path.join(workDir, 'web');
  await mkdir(path.join(webDistDir, 'assets'), { recursive: true });
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, SCRIPT_PATH), script);
  await writeFile(path.join(webDistDir, `${SCRIPT_PATH}.br`), brotliCompressSync(script));
  await writeFile(path.join(webDistDir, `${SCRIPT_PATH}.gz`), gzipSync(script));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: workDir,
    DATABASE_URL: inject('databaseUrl'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  server = await startServer({ config, logger: createLogger(config.logLevel), webDistDir });
});

afterAll(async () => {
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
});

const getScript = (acceptEncoding: string) => fetch(`${server.url}${SCRIPT_PATH}`, { headers: { 'Accept-Encoding': acceptEncoding } });

describe('the built client', () => {
  it('sends scripts brotli-compressed to browsers that accept it, cached for a year', async () => {
    const response = await getScript('gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes the body: the browser gets exactly the script that was built.
    expect(await response.text()).toBe(script);
  });

  it('falls back to gzip, and to the plain file for clients that accept neither', async () => {
    const gzipped = await getScript('gzip');
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(script);

    const plain = await getScript('identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});

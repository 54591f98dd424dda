/**
 * The landing page's performance budgets: its JavaScript under 150 KB gzipped, with the
 * studio, library, billing and account code in chunks of their own that the landing page does not
 * load; a Lighthouse performance score of at least 95 under mobile emulation.
 *
 *   node --import tsx bench/landing.ts      (LANDING_LIGHTHOUSE_RUNS sets the runs, default 3;
 *                                            LANDING_REPORT_DIR keeps each run's Lighthouse report)
 *
 * Builds the client into a temporary directory, starts the real server on it (embedded Postgres
 * in a temporary DATA_DIR), loads / in Chromium at a phone viewport recording every JavaScript
 * response (sizes are gzip -9 of the bodies, whatever the server sent), and finds which route
 * modules each chunk belongs to from the build's .vite/manifest.json. Then runs Lighthouse with
 * its default settings (mobile emulation, simulated throttling) and takes the median score.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/server/lib/env';
import { createLogger } from '../src/server/lib/logger';
import { startServer } from '../src/server/start-server';

const JS_BUDGET_GZIP_BYTES = 150 * 1024;
const SCORE_BUDGET = 95;
const LIGHTHOUSE_RUNS = Number(process.env.LANDING_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The same flags as the browser tests (e2e/support/browser.ts): no sandbox as root, no background traffic. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const PHONE = { width: 390, height: 844 };
/** Route modules whose code must stay out of the landing page (src/web/app/router.tsx). */
const SPLIT_ROUTES = ['studio', 'session', 'library', 'billing', 'success', 'account', 'admin'].map((name) => `app/routes/${name}.tsx`);
/** Set to a directory to keep each Lighthouse report there (lighthouse-<run>.json), for diagnosis. */
const REPORT_DIR = process.env.LANDING_REPORT_DIR;

/** Lighthouse audits shown per run (the first five make up the performance score). */
const METRICS = {
  'first-contentful-paint': 'First Contentful Paint',
  'largest-contentful-paint': 'Largest Contentful Paint',
  'total-blocking-time': 'Total Blocking Time',
  'cumulative-layout-shift': 'Cumulative Layout Shift',
  'speed-index': 'Speed Index',
  interactive: 'Time to Interactive',
} as const;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** For every output file, the entry and route modules whose static imports reach it (keys relative to src/web). */
function ownersByFile(manifest: Manifest): Map<string, Set<string>> {
  const byFile = new Map<string, Set<string>>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry && !chunk.isDynamicEntry) continue;
    const seen = new Set<string>();
    const visit = (k: string) => {
      if (seen.has(k)) return;
      seen.add(k);
      const file = manifest[k]!.file;
      if (!byFile.has(file)) byFile.set(file, new Set());
      byFile.get(file)!.add(key);
      manifest[k]!.imports?.forEach(visit);
    };
    visit(key);
  }
  return byFile;
}

interface ScriptResponse {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** Bytes on the wire as the server sent them (compressed or not). */
  servedBytes: number;
  encoding: string;
  /** When the page fetched it: while loading, while scrolled through, or after the first tap. */
  phase: Phase;
}

type Phase = 'load' | 'scroll' | 'first tap';

/**
 * Loads / at a phone viewport, scrolls to the bottom and back, then taps the heading (code that
 * waits for a first interaction, like the toasts, loads then), recording every script fetched.
 */
async function loadLanding(landingUrl: string): Promise<ScriptResponse[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', ...CHROMIUM_FLAGS] });
  try {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const scripts: ScriptResponse[] = [];
    const pending: Promise<void>[] = [];
    let phase: Phase = 'load';
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      const fetchedIn = phase;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.push({
            file: new URL(response.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            servedBytes: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'none',
            phase: fetchedIn,
          });
        })(),
      );
    });
    await page.goto(landingUrl, { waitUntil: 'networkidle' });
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    phase = 'scroll';
    // Sections further down (the sample gallery, pricing) may load code when they come into view.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += PHONE.height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    phase = 'first tap';
    await heading.tap();
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return scripts;
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  score: number;
  /** Lighthouse's display values by audit id. */
  metrics: Record<string, string>;
}

let reportCount = 0;

/** Lighthouse's default configuration: mobile emulation (Moto G Power) with simulated throttling. */
async function runLighthouse(landingUrl: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(landingUrl, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (REPORT_DIR) await writeFile(path.join(REPORT_DIR, `lighthouse-${++reportCount}.json`), JSON.stringify(lhr, null, 1));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metrics: LighthouseRun['metrics'] = {};
    for (const id of Object.keys(METRICS)) {
      const audit = lhr.audits[id];
      metrics[id] = audit?.displayValue ?? 'n/a';
    }
    return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics };
  } finally {
    chrome.kill();
  }
}

function report(landingUrl: string, manifest: Manifest, scripts: ScriptResponse[], runs: LighthouseRun[]) {
  const owners = ownersByFile(manifest);
  const routeOwners = (file: string) => [...(owners.get(file) ?? [])];
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const sum = (list: ScriptResponse[], key: 'rawBytes' | 'gzipBytes' | 'servedBytes') => list.reduce((total, s) => total + s[key], 0);
  const atLoad = scripts.filter((s) => s.phase === 'load');
  const beforeTap = scripts.filter((s) => s.phase !== 'first tap');
  const leaked = scripts.filter((s) => {
    const owned = routeOwners(s.file.replace(/^\//, ''));
    return owned.length > 0 && owned.every((o) => SPLIT_ROUTES.includes(o));
  });
  const unsplit = SPLIT_ROUTES.filter((route) => {
    const chunk = manifest[route];
    return !chunk?.isDynamicEntry || Object.values(manifest).some((c) => c.isEntry && c.file === chunk.file);
  });

  console.log(`\nJavaScript loaded by ${landingUrl} at ${PHONE.width}×${PHONE.height} (phone):\n`);
  console.log('| chunk | reached from | raw KB | gzip -9 KB | as served KB (encoding) | fetched |');
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  for (const s of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const reach = describeOwners(routeOwners(s.file.replace(/^\//, '')));
    console.log(
      `| ${path.basename(s.file)} | ${reach || '?'} | ${kb(s.rawBytes)} | ${kb(s.gzipBytes)} | ${kb(s.servedBytes)} (${s.encoding}) | ${s.phase} |`,
    );
  }
  console.log(
    `| **total at load** (${atLoad.length} files) | | ${kb(sum(atLoad, 'rawBytes'))} | **${kb(sum(atLoad, 'gzipBytes'))}** | ${kb(sum(atLoad, 'servedBytes'))} | |`,
  );
  console.log(
    `| **total after scrolling** (${beforeTap.length} files) | | ${kb(sum(beforeTap, 'rawBytes'))} | **${kb(sum(beforeTap, 'gzipBytes'))}** | ${kb(sum(beforeTap, 'servedBytes'))} | |`,
  );
  console.log(
    `| total after the first tap (${scripts.length} files) | | ${kb(sum(scripts, 'rawBytes'))} | ${kb(sum(scripts, 'gzipBytes'))} | ${kb(sum(scripts, 'servedBytes'))} | |`,
  );

  console.log(`\nLighthouse ${LIGHTHOUSE_RUNS} run(s), default mobile settings (simulated throttling):\n`);
  console.log(`| run | score | ${Object.values(METRICS).join(' | ')} |`);
  console.log(
    `| --- | ---: | ${Object.keys(METRICS)
      .map(() => '---:')
      .join(' | ')} |`,
  );
  runs.forEach((run, i) =>
    console.log(
      `| ${i + 1} | ${run.score} | ${Object.keys(METRICS)
        .map((id) => run.metrics[id])
        .join(' | ')} |`,
    ),
  );
  const scores = runs.map((r) => r.score).sort((a, b) => a - b);
  const median = scores[Math.floor(scores.length / 2)]!;

  // The budget covers what the page loads by itself, scrolled through; not code a tap asks for.
  const jsTotal = sum(beforeTap, 'gzipBytes');
  console.log('\n| budget | limit | measured | result |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| landing JavaScript (loaded and scrolled), gzip -9 | < 150 KB | ${kb(jsTotal)} KB | ${jsTotal < JS_BUDGET_GZIP_BYTES ? 'pass' : 'FAIL'} |`,
  );
  console.log(
    `| studio/library/billing/account in own chunks | all ${SPLIT_ROUTES.length} route modules | ${unsplit.length ? `not split: ${unsplit.join(', ')}` : 'split'} | ${unsplit.length ? 'FAIL' : 'pass'} |`,
  );
  console.log(
    `| their chunks loaded by the landing page | none | ${leaked.length ? leaked.map((s) => path.basename(s.file)).join(', ') : 'none'} | ${leaked.length ? 'FAIL' : 'pass'} |`,
  );
  console.log(
    `| Lighthouse performance (median of ${runs.length}) | ≥ ${SCORE_BUDGET} | ${median} (min ${scores[0]}, max ${scores.at(-1)}) | ${median >= SCORE_BUDGET ? 'pass' : 'FAIL'} |`,
  );
  process.exitCode = jsTotal < JS_BUDGET_GZIP_BYTES && !unsplit.length && !leaked.length && median >= SCORE_BUDGET ? 0 : 1;
}

/** 'entry' for the code every page loads, otherwise the route and lazy modules that share the chunk. */
function describeOwners(owned: string[]): string {
  if (owned.includes('index.html')) return 'entry';
  const names = owned.map((o) => path.basename(o).replace(/\.tsx?$/, ''));
  return names.length > 4 ? `${names.slice(0, 4).join(', ')} +${names.length - 4}` : names.join(', ');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

const root = path.resolve(import.meta.dirname, '..');
const workDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-landing-'));
const webDistDir = path.join(workDir, 'web');
try {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    env: { ...process.env, WEB_DIST_DIR: webDistDir },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`The client build failed (${build.status})`);
  const manifest = JSON.parse(await readFile(path.join(webDistDir, '.vite/manifest.json'), 'utf8')) as Manifest;

  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: workDir,
    LOG_LEVEL: 'silent',
  });
  const server = await startServer({ config, logger: createLogger('silent'), webDistDir });
  try {
    const landingUrl = `${server.url}/`;
    const scripts = await loadLanding(landingUrl);
    const lighthouseRuns: LighthouseRun[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) lighthouseRuns.push(await runLighthouse(landingUrl));
    report(landingUrl, manifest, scripts, lighthouseRuns);
  } finally {
    await server.stop();
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}
// pg-boss and the pool leave timers behind; the figures are printed.
process.exit();

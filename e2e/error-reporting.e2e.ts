import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSentryReceiver } from '@test/server/sentry-receiver';
import { baseUrl, launchBrowser } from './support/browser';

/**
 * The web client's error reporting in Chromium: with PUBLIC_SENTRY_DSN the page fetches
 * Sentry's SDK after it painted and a client error reaches Sentry (here a local server receiving
 * envelopes); an aborted request does not. Without a DSN the SDK is never fetched.
 */
const root = path.resolve(import.meta.dirname, '..');
const SDK_CHUNK = /\/assets\/sentry-sdk-[^/]*\.js$/;
/** Any of the client's Sentry code: the SDK and the code that starts it (src/web/lib/sentry-start.ts). */
const ANY_SENTRY_CHUNK = /\/assets\/sentry-[^/]*\.js$/;

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startSentryReceiver>>;
let child: ChildProcess | undefined;
let dataDir: string;
let reportingUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startSentryReceiver();
  // A second server on the client this run built, configured with a DSN for the web client.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-e2e-sentry-'));
  const port = 40000 + Math.floor(Math.random() * 20000);
  reportingUrl = `http://localhost:${port}`;
  const database = inject('e2eDatabaseUrl');
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      APP_URL: reportingUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: inject('webDistDir'),
      PUBLIC_SENTRY_DSN: receiver.dsn,
      ...(database ? { DATABASE_URL: database } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready in 90 s:\n${output}`);
    if (
      await fetch(`${reportingUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await receiver?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every script the page fetched. */
async function openLanding(url: string): Promise<{ page: Page; scripts: string[] }> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Creating Now' }).first().waitFor();
  return { page, scripts };
}

describe('client error reporting', () => {
  it(
    'with a DSN: loads the SDK after the first paint and reports a client error, not an aborted request',
    { timeout: 60_000 },
    async () => {
      const { page, scripts } = await openLanding(reportingUrl);
      await expect.poll(() => scripts.find((script) => SDK_CHUNK.test(script)), { timeout: 15_000 }).toBeDefined();
      // Fetched after the page's first contentful paint, by the browser's own clock. (A resource
      // timing entry appears once its download has finished, after the request was seen.)
      const timingOf = () =>
        page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          sdk: performance.getEntriesByType('resource').find((entry) => /\/assets\/sentry-sdk-/.test(entry.name))?.startTime,
        }));
      await expect.poll(async () => (await timingOf()).sdk, { timeout: 15_000 }).toBeDefined();
      const timing = await timingOf();
      expect(timing.paint).toBeDefined();
      expect(timing.sdk).toBeGreaterThan(timing.paint!);
      // The SDK is running once it handles errors: wait for it to set itself up on the page.
      await page.waitForFunction(() => '__SENTRY__' in window, undefined, { timeout: 15_000 });

      // A request the page gives up on, left unhandled: not an error to report.
      await page.evaluate(() => {
        const controller = new AbortController();
        void fetch('/api/stats', { signal: controller.signal });
        controller.abort();
      });
      // A client error nobody caught.
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('client error for the e2e test');
        }, 0);
      });

      const event = await receiver.waitForEvent((e) => JSON.stringify(e.exception ?? {}).includes('client error for the e2e test'));
      expect(event).toMatchObject({ environment: 'development', release: '1.0.0', platform: 'javascript' });
      const frames = (event.exception as { values: { stacktrace?: { frames: unknown[] } }[] }).values[0]?.stacktrace?.frames ?? [];
      expect(frames.length).toBeGreaterThan(0);
      expect(receiver.events().filter((e) => /abort/i.test(JSON.stringify(e.exception ?? {})))).toEqual([]);
      expect(receiver.events()).toHaveLength(1);
    },
  );

  it('without a DSN: never fetches the SDK nor the code that starts it', { timeout: 60_000 }, async () => {
    const { page, scripts } = await openLanding(baseUrl());
    expect(await (await page.request.get('/api/config')).json()).toMatchObject({ errorReporting: null });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => ANY_SENTRY_CHUNK.test(script))).toEqual([]);
  });
});

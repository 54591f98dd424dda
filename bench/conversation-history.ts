/**
 * A conversation's cost in the browser as it grows: for sessions of 20, 400 and 5,000 messages, the
 * time from navigation to the newest message on screen and the DOM nodes then; and the cost of one
 * older page — the API answer for `?before=` alone, and in the browser from reaching the top of the
 * list to the page in the DOM with the view restored.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:conversation-history
 *   (BENCH_RUNS sets the page loads per size, default 5; BENCH_REQUESTS the API requests, default 200)
 *
 * Builds the client into a temporary directory, starts the product on it against a
 * scratch database, writes each session straight into the database (bench/lib/seed.ts), signs the
 * user in in Chromium (desktop, 1280×800) and reports medians.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { BENCH_PASSWORD, newUser, percentile, startProductServer } from './lib/product-server';
import { seedFiles, seedSessions, withClient } from './lib/seed';

const SIZES = [20, 400, 5_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
/** The seed's words for message n (bench/lib/seed.ts). */
const seededText = (n: number) => `Make the sky a little warmer, please ${n}`;

async function openAtNewest(page: Page, sessionId: string, messages: number): Promise<{ ms: number; nodes: number; rows: number }> {
  const started = performance.now();
  await page.goto(`/session/${sessionId}`);
  // The message's own text, matched whole: a row's text runs on into its time ("… please 2004:50 PM"),
  // so a pattern over the row never told message 20 from message 2 followed by a time.
  await page
    .locator('li[data-message-id]')
    .getByText(seededText(messages), { exact: true })
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      throw new Error(`the newest message did not show at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 400)}`, {
        cause: error,
      });
    });
  const ms = performance.now() - started;
  const { nodes, rows } = await page.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    rows: document.querySelectorAll('li[data-message-id]').length,
  }));
  return { ms, nodes, rows };
}

/** From scrolling to the top of the list to the older page in the DOM (its rows counted) and painted. */
async function olderPageInBrowser(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
    const rowsBefore = list.querySelectorAll('li[data-message-id]').length;
    const started = performance.now();
    list.scrollTo({ top: 0 });
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (list.querySelectorAll('li[data-message-id]').length > rowsBefore) break;
      if (performance.now() - started > 15_000) throw new Error('no older page in 15 s');
    }
    return performance.now() - started;
  });
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL (a scratch database is made on it)');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-history-'));
  const webDistDir = path.join(dataDir, 'web');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    env: { ...process.env, WEB_DIST_DIR: webDistDir },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`The client build failed (${build.status})`);
  const scratch = await scratchDatabaseOn(serverUrl);
  const product = await startProductServer({ dataDir, databaseUrl: scratch.url, env: { SERVE_WEB: 'true', WEB_DIST_DIR: webDistDir } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: string[] = [];
  try {
    for (const size of SIZES) {
      const { client, userId, email } = await newUser(product.url, `history-${size}`);
      const [sessionId] = await withClient(scratch.url, async (db) => {
        // One upload, attached to the session's first message (the seed attaches while uploads last).
        await seedFiles(db, userId, 1);
        const ids = await seedSessions(db, userId, { sessions: 1, messagesPerSession: size, firstSessionMessages: size });
        await db.query('analyze');
        return ids;
      });
      // The API alone: the newest page and the page before it.
      const { messages: newest } = (await (await client.get(`/api/sessions/${sessionId}/messages`)).json()) as {
        messages: Array<{ id: string }>;
      };
      const apiMs: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const response = await client.get(`/api/sessions/${sessionId}/messages?before=${newest[0]!.id}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`before page: ${response.status}`);
        apiMs.push(performance.now() - started);
      }

      const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1280, height: 800 } });
      const signIn = await context.request.post('/api/auth/sign-in/email', {
        data: { email, password: BENCH_PASSWORD },
        headers: { Origin: product.url },
      });
      if (signIn.status() !== 200) throw new Error(`sign-in: ${signIn.status()}`);
      const page = await context.newPage();
      const opens: Array<{ ms: number; nodes: number; rows: number }> = [];
      const older: number[] = [];
      // One unmeasured load: the client's code in the browser cache, as for a returning user.
      await openAtNewest(page, sessionId!, size);
      for (let run = 0; run < RUNS; run++) {
        opens.push(await openAtNewest(page, sessionId!, size));
        if (size > 50) older.push(await olderPageInBrowser(page));
      }
      await context.close();
      const open = { ms: median(opens.map((o) => o.ms)), nodes: median(opens.map((o) => o.nodes)), rows: median(opens.map((o) => o.rows)) };
      rows.push(
        `| ${size.toLocaleString('en')} | ${open.ms.toFixed(0)} | ${open.nodes} | ${open.rows} | ${median(apiMs).toFixed(2)} / ${percentile(
          [...apiMs].sort((a, b) => a - b),
          90,
        ).toFixed(2)} | ${older.length ? median(older).toFixed(0) : 'n/a (one page)'} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(
      `\n${RUNS} page loads per size (medians, after one warm-up load), ${REQUESTS} API requests; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}`,
    );
    console.log(
      '| messages | to newest message, ms | DOM nodes | message rows | older page API p50 / p90, ms | older page in the browser, ms |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    await product.stop();
    await scratch.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

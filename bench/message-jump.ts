/**
 * Opening a 5,000-message chat at an old message from a search result: the time from the click on
 * the result to that message on screen (in the list's viewport, focused), and the `?around=` page's
 * API time alone. For contrast, the time to the newest message of the same chat opened plainly.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:message-jump
 *   (BENCH_RUNS sets the clicks, default 10; BENCH_REQUESTS the API requests, default 200)
 *
 * Builds the client into a temporary directory, starts the product on it against a scratch
 * database, writes the session straight into the database (bench/lib/seed.ts) with one old message
 * (the 10th) given words of its own to search for, signs the user in in Chromium (desktop, 1280×800)
 * and reports medians and 90th percentiles.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { BENCH_PASSWORD, newUser, percentile, startProductServer } from './lib/product-server';
import { seedFiles, seedSessions, withClient } from './lib/seed';

const SIZE = 5_000;
const TARGET = 10;
const SEARCHED_WORDS = 'turquoise lighthouse';
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p50 = (values: number[]) => percentile(sorted(values), 50);
const p90 = (values: number[]) => percentile(sorted(values), 90);

/** From the click on the search result to the linked message inside the list's viewport with the focus on it. */
async function searchResultToMessage(page: Page, targetId: string): Promise<number> {
  await page.goto('/studio');
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill(SEARCHED_WORDS);
  const result = page.locator(`a[data-card-link][href*="message=${targetId}"]`);
  await result.waitFor({ timeout: 30_000 });
  return page.evaluate(async (id) => {
    const link = document.querySelector<HTMLAnchorElement>(`a[data-card-link][href*="message=${id}"]`)!;
    const started = performance.now();
    link.click();
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const list = document.querySelector('[data-testid="message-list"]');
      const item = list?.querySelector(`[data-message-id="${id}"]`);
      if (list && item && document.activeElement === item) {
        const box = item.getBoundingClientRect();
        const view = list.getBoundingClientRect();
        if (box.top >= view.top && box.top < view.bottom) break;
      }
      if (performance.now() - started > 30_000) throw new Error('the linked message did not show in 30 s');
    }
    return performance.now() - started;
  }, targetId);
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL (a scratch database is made on it)');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-jump-'));
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
  try {
    const { client, userId, email } = await newUser(product.url, 'jump');
    const { sessionId, targetId } = await withClient(scratch.url, async (db) => {
      // The seed pairs user messages with uploads: one upload, attached to the first message.
      await seedFiles(db, userId, 1);
      const [id] = await seedSessions(db, userId, { sessions: 1, messagesPerSession: SIZE, firstSessionMessages: SIZE });
      const { rows } = await db.query<{ id: string }>(
        `update messages set content_text = content_text || ' — a ${SEARCHED_WORDS}'
         where id = (select id from messages where session_id = $1 order by timestamp_created, id offset $2 limit 1) returning id`,
        [id, TARGET - 1],
      );
      await db.query('analyze');
      return { sessionId: id!, targetId: rows[0]!.id };
    });

    const apiMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await client.get(`/api/sessions/${sessionId}/messages?around=${targetId}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`around page: ${response.status}`);
      apiMs.push(performance.now() - started);
    }

    const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1280, height: 800 } });
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      data: { email, password: BENCH_PASSWORD },
      headers: { Origin: product.url },
    });
    if (signIn.status() !== 200) throw new Error(`sign-in: ${signIn.status()}`);
    const page = await context.newPage();
    // One unmeasured run: the client's code in the browser cache, as for a returning user.
    await searchResultToMessage(page, targetId);
    const clicks: number[] = [];
    for (let run = 0; run < RUNS; run++) clicks.push(await searchResultToMessage(page, targetId));
    await context.close();

    console.log(
      `\n${RUNS} clicks (after one warm-up), ${REQUESTS} API requests; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}`,
    );
    console.log('| messages | linked message | click to message on screen p50 / p90, ms | `?around=` API p50 / p90, ms |');
    console.log('| ---: | ---: | ---: | ---: |');
    console.log(
      `| ${SIZE.toLocaleString('en')} | #${TARGET} | ${p50(clicks).toFixed(0)} / ${p90(clicks).toFixed(0)} | ${p50(apiMs).toFixed(2)} / ${p90(apiMs).toFixed(2)} |`,
    );
  } finally {
    await browser.close();
    await product.stop();
    await scratch.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

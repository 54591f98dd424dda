/**
 * Lists that do not grow with a user's history: the p50 of one page, at one
 * connection, for a user with a short history and for one with a long history, on the same
 * server. Target: the long history's p50 at most 2× the short one's.
 *
 *   short history: 100 approved uploads, 100 sessions, 100 messages in the session read
 *   long history:  100,000 approved uploads, 1,000 sessions, 100,000 messages in the session read
 *
 * Pages: the library's first page (GET /api/user-files?kind=uploaded&limit=12, with its exact
 * total), the sessions list's first page (GET /api/sessions), the latest page of a session's
 * messages (GET /api/sessions/{id}/messages). The history is written straight into the database
 * (bench/lib/seed.ts); the users sign up as the product's users do.
 *
 *   DATABASE_URL=postgres://… npm run bench:growth        BENCH_REQUESTS (default 300) per page
 *   after BENCH_WARM_UP (default 50);
 *   BENCH_PRODUCT_DIR=checkout runs another checkout of the product (the "before" of a change).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestClient } from '@test/server/http-client';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { newUser, percentile, startProductServer, startProductWorker } from './lib/product-server';
import { seedFiles, seedSessions, withClient } from './lib/seed';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50);

interface History {
  files: number;
  sessions: number;
  messagesInSession: number;
}

const SHORT: History = { files: 100, sessions: 100, messagesInSession: 100 };
const LONG: History = { files: 100_000, sessions: 1_000, messagesInSession: 100_000 };

/** Times of the 200 answers, sorted, and what else came back (the server's own time-outs answer 503). */
async function timings(client: TestClient, endpoint: string): Promise<{ ms: number[]; failed: Map<number, number> }> {
  const ms: number[] = [];
  const failed = new Map<number, number>();
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const response = await client.get(endpoint);
    await response.arrayBuffer();
    if (i < WARM_UP) continue;
    if (response.status === 200) ms.push(performance.now() - started);
    else failed.set(response.status, (failed.get(response.status) ?? 0) + 1);
  }
  return { ms: ms.sort((a, b) => a - b), failed };
}

const failures = (failed: Map<number, number>) => [...failed].map(([status, n]) => `${n}× ${status}`).join(', ');

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL (a scratch database is made on it)');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-growth-'));
  const scratch = await scratchDatabaseOn(serverUrl);
  const product = await startProductServer({
    dataDir,
    databaseUrl: scratch.url,
    env: { WORKER: 'off' },
    productDir: process.env.BENCH_PRODUCT_DIR,
  });
  try {
    const users: Array<{ tag: string; history: History; client: TestClient; longSession: string }> = [];
    for (const [tag, history] of [
      ['short', SHORT],
      ['long', LONG],
    ] as const) {
      const worker = startProductWorker({ dataDir, databaseUrl: scratch.url, productDir: process.env.BENCH_PRODUCT_DIR });
      const { client, userId } = await newUser(product.url, tag).finally(() => worker.stop());
      const started = performance.now();
      const sessionIds = await withClient(scratch.url, async (db) => {
        await seedFiles(db, userId, history.files);
        const ids = await seedSessions(db, userId, {
          sessions: history.sessions,
          messagesPerSession: 4,
          firstSessionMessages: history.messagesInSession,
        });
        await db.query('analyze');
        return ids;
      });
      console.log(`${tag} history written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      users.push({ tag, history, client, longSession: sessionIds[0]! });
    }
    const pages: Array<[name: string, endpoint: (u: { longSession: string }) => string]> = [
      ['library page (GET /api/user-files?kind=uploaded&limit=12)', () => '/api/user-files?kind=uploaded&limit=12'],
      ['sessions list (GET /api/sessions)', () => '/api/sessions'],
      ['messages page (GET /api/sessions/{id}/messages)', (u) => `/api/sessions/${u.longSession}/messages`],
    ];
    const rows: string[] = [];
    for (const [name, endpoint] of pages) {
      const [short, long] = [await timings(users[0]!.client, endpoint(users[0]!)), await timings(users[1]!.client, endpoint(users[1]!))];
      const [p50Short, p50Long] = [percentile(short.ms, 50), percentile(long.ms, 50)];
      const failed = [short.failed.size ? `short: ${failures(short.failed)}` : '', long.failed.size ? `long: ${failures(long.failed)}` : '']
        .filter(Boolean)
        .join('; ');
      rows.push(
        `| ${name} | ${p50Short.toFixed(2)} | ${p50Long.toFixed(2)} | ${(p50Long / p50Short).toFixed(2)}× | ${percentile(short.ms, 90).toFixed(2)} / ${percentile(long.ms, 90).toFixed(2)} | ${failed || 'none'} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(
      `\none connection, ${REQUESTS} requests per page after ${WARM_UP} to warm up; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}`,
    );
    console.log(
      `short history: ${SHORT.files} files, ${SHORT.sessions} sessions, ${SHORT.messagesInSession} messages; long: ${LONG.files} files, ${LONG.sessions} sessions, ${LONG.messagesInSession} messages`,
    );
    console.log('| page | p50 ms, short history | p50 ms, long history | long / short | p90 ms short / long | not 200 |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- |');
    for (const row of rows) console.log(row);
  } finally {
    await product.stop();
    await scratch.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Session search (decision 039) on a large installation: the p50 of the first page of
 * GET /api/sessions?q=, at one connection, for one user among others with long histories.
 *
 *   every user: 1,000 sessions, 100,000 messages ("Make the sky a little warmer, please N")
 *   BENCH_USERS (default 3) such users, the one searching among them
 *
 * Searches: a word in every message of every user ("warmer"), a word in no message ("zebra"), a
 * session title ("Session 999"), and two letters (too short for the trigram index: "wa").
 * Target: every search's p50 under 100 ms.
 *
 *   DATABASE_URL=postgres://… npm run bench:session-search   BENCH_REQUESTS (default 100) per search after BENCH_WARM_UP (default 10)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestClient } from '@test/server/http-client';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { newUser, percentile, startProductServer } from './lib/product-server';
import { seedFiles, seedSessions, withClient } from './lib/seed';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 3);
const SEARCHES = ['warmer', 'zebra', 'Session 999', 'wa'];

async function timings(client: TestClient, endpoint: string): Promise<{ ms: number[]; found: number }> {
  const ms: number[] = [];
  let found = 0;
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const response = await client.get(endpoint);
    const body = (await response.json()) as { sessions: unknown[] };
    if (response.status !== 200) throw new Error(`${endpoint} answered ${response.status}`);
    found = body.sessions.length;
    if (i >= WARM_UP) ms.push(performance.now() - started);
  }
  return { ms: ms.sort((a, b) => a - b), found };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL (a scratch database is made on it)');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-search-'));
  const scratch = await scratchDatabaseOn(serverUrl);
  const product = await startProductServer({ dataDir, databaseUrl: scratch.url, env: {} });
  try {
    let searcher: TestClient | undefined;
    const started = performance.now();
    for (let index = 0; index < USERS; index++) {
      const { client, userId } = await newUser(product.url, `search-${index}`);
      searcher ??= client;
      await withClient(scratch.url, async (db) => {
        // The seeded messages carry photos, as a real history's do.
        await seedFiles(db, userId, 1_000);
        await seedSessions(db, userId, { sessions: 1_000, messagesPerSession: 100, firstSessionMessages: 100 });
      });
    }
    await withClient(scratch.url, (db) => db.query('analyze'));
    console.log(`${USERS} users × 1,000 sessions × 100 messages written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log('| search | sessions on the first page | p50 ms | p90 ms |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const q of SEARCHES) {
      const { ms, found } = await timings(searcher!, `/api/sessions?q=${encodeURIComponent(q)}`);
      console.log(`| "${q}" | ${found} | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 90).toFixed(2)} |`);
    }
    console.log(
      `\none connection, ${REQUESTS} requests per search after ${WARM_UP} to warm up; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}`,
    );
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

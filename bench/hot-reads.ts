/**
 * Hot signed-in reads against their raw floor, side by side in one run: the product
 * (`npm start`'s entry, API only, pool of 20) and beside it bench/lib/raw-floor-server.ts — node:http
 * and pg, pool of 20, the same cookie check, the same session-and-user lookup, the same SQL, the
 * same JSON. Both on the same database. autocannon, 100 connections, 10 s per run; the runs of
 * one endpoint alternate product / floor and the best of two runs of each counts.
 * Target: every endpoint at 70% or more of its floor's requests per second.
 *
 *   DATABASE_URL=postgres://… npm run bench:hot-reads
 *   BENCH_SECONDS, BENCH_RUNS, BENCH_CONNECTIONS change the load; BENCH_ONLY=balance,me picks endpoints;
 *   BENCH_CPU_PROF=dir writes the product's CPU profile (node --cpu-prof) there;
 *   BENCH_PRODUCT_DIR=checkout runs another checkout of the product (the "before" of a change).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { findFreePort } from '../src/server/lib/free-port';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { newUser, sleep, startProductServer, startProductWorker } from './lib/product-server';
import { seedFiles, seedLedger, seedSessions, withClient } from './lib/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ONLY = process.env.BENCH_ONLY?.split(',');
const root = path.resolve(import.meta.dirname, '..');

async function startFloorServer(databaseUrl: string, authSecret: string) {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/raw-floor-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the floor server exited with ${child.exitCode}`);
    if (attempt > 300) throw new Error('the floor server did not start in 30 s');
    if (
      await fetch(`${url}/api/me`).then(
        () => true,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function load(url: string, cookie: string): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors };
}

/** Where two answers first differ: the path, and each side's value there. */
function firstDifference(product: unknown, floor: unknown, at = '$'): string {
  if (product && floor && typeof product === 'object' && typeof floor === 'object') {
    const keys = new Set([...Object.keys(product), ...Object.keys(floor)]);
    for (const key of keys) {
      const [a, b] = [(product as Record<string, unknown>)[key], (floor as Record<string, unknown>)[key]];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, `${at}.${key}`);
    }
  }
  return `${at}: product ${JSON.stringify(product)?.slice(0, 200)}, floor ${JSON.stringify(floor)?.slice(0, 200)}`;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Set DATABASE_URL to the Postgres both servers share (a scratch database is made on it)');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-hot-'));
  const scratch = await scratchDatabaseOn(serverUrl);
  const authSecret = randomBytes(36).toString('base64url');
  const cpuProfDir = process.env.BENCH_CPU_PROF;
  const product = await startProductServer({
    dataDir,
    databaseUrl: scratch.url,
    env: { AUTH_SECRET: authSecret, WORKER: 'off', LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'info' },
    nodeArgs: cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [],
    productDir: process.env.BENCH_PRODUCT_DIR,
  });
  const floor = await startFloorServer(scratch.url, authSecret);
  try {
    const worker = startProductWorker({
      dataDir,
      databaseUrl: scratch.url,
      env: { AUTH_SECRET: authSecret },
      productDir: process.env.BENCH_PRODUCT_DIR,
    });
    const { client, userId } = await newUser(product.url, 'hot').finally(() => worker.stop());
    await client.get('/api/stripe/balance'); // opens the balance account
    const sessionIds = await withClient(scratch.url, async (db) => {
      await seedFiles(db, userId, 60);
      const ids = await seedSessions(db, userId, { sessions: 20, messagesPerSession: 4, firstSessionMessages: 50 });
      await seedLedger(db, userId, 30);
      await db.query('analyze');
      return ids;
    });
    const cookie = client.cookieHeader();
    const endpoints: Array<[name: string, path: string]> = [
      ['sessions', '/api/sessions'],
      // The first session (the newest activity) is the one with 50 messages: one whole page.
      ['messages', `/api/sessions/${sessionIds[0]}/messages`],
      ['library', '/api/user-files?kind=uploaded&limit=12'],
      ['balance', '/api/stripe/balance'],
      ['me', '/api/me'],
      ['history', '/api/stripe/transaction-history/top-ups'],
    ];
    const rows: string[] = [];
    for (const [name, endpoint] of endpoints) {
      if (ONLY && !ONLY.includes(name)) continue;
      const [a, b] = await Promise.all([
        fetch(product.url + endpoint, { headers: { cookie } }),
        fetch(floor.url + endpoint, { headers: { cookie } }),
      ]);
      const [bodyA, bodyB] = [await a.json(), await b.json()];
      if (a.status !== 200 || b.status !== 200) throw new Error(`${endpoint}: product ${a.status}, floor ${b.status}`);
      const same = isDeepStrictEqual(bodyA, bodyB);
      if (!same) console.warn(`${endpoint}: the answers differ at ${firstDifference(bodyA, bodyB)}`);
      const productRuns: Run[] = [];
      const floorRuns: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        productRuns.push(await load(product.url + endpoint, cookie));
        floorRuns.push(await load(floor.url + endpoint, cookie));
      }
      const best = (runs: Run[]) => runs.reduce((x, y) => (y.rps > x.rps ? y : x));
      const [p, f] = [best(productRuns), best(floorRuns)];
      const all = (runs: Run[]) => runs.map((r) => r.rps.toFixed(0)).join(' / ');
      const bad = [...productRuns, ...floorRuns].reduce((sum, r) => sum + r.bad, 0);
      rows.push(
        `| GET ${endpoint.replace(/[0-9a-f-]{36}/, '{id}')} | ${p.rps.toFixed(0)} (${all(productRuns)}) | ${f.rps.toFixed(0)} (${all(floorRuns)}) | ${(p.rps / f.rps).toFixed(2)} | ${p.p50} / ${f.p50} | ${same ? 'yes' : 'NO'}${bad ? `, ${bad} not 2xx` : ''} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per run, best of ${RUNS}; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}`,
    );
    console.log('| endpoint | product req/s (runs) | raw floor req/s (runs) | ratio | p50 ms product / floor | same JSON |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- |');
    for (const row of rows) console.log(row);
  } finally {
    await floor.stop();
    await product.stop();
    await scratch.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

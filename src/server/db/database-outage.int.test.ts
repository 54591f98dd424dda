import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/env';
import { createLogger } from '../lib/logger';
import { startServer, type RunningServer } from '../start-server';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { createDb, runMigrations } from './client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

/**
 * The server against a Postgres that hangs (every process stopped with SIGSTOP) or goes down:
 * health answers 503 within 2 s, API calls answer 503 SERVICE_UNAVAILABLE instead of hanging or
 * failing with 500, and everything works again by itself once the database is back.
 *
 * The Postgres here is this test's own embedded one, whatever DATABASE_URL says: stopping a
 * shared server would stall every other test (and whoever else uses it).
 */
const logger = createLogger('silent');
let workDir: string;
let pgDir: string;
let database: EmbeddedDatabase;
let port: number;
let server: RunningServer;
let user: SignedInClient;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-outage-'));
  pgDir = path.join(workDir, 'pg');
  database = await startEmbeddedPostgres(pgDir, logger);
  port = Number(new URL(database.url).port);
  const migrator = createDb(database.url, { max: 1 });
  await runMigrations(migrator);
  await migrator.$client.end();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  server = await startServer({ config, logger: createLogger(config.logLevel) });
  user = await signedInUser(server);
});

afterAll(async () => {
  thaw();
  await server?.stop();
  await database?.stop();
  await rm(workDir, { recursive: true, force: true });
});

/** The postmaster and every process it started (backends, checkpointer, WAL writer, ...). */
function postgresProcesses(): number[] {
  const postmaster = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent's pid; the name before it may hold spaces.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

let frozen: number[] = [];
/** Hangs the database: the postmaster first (so it starts nothing new), then all it runs. */
function freeze() {
  frozen = postgresProcesses();
  for (const pid of frozen) process.kill(pid, 'SIGSTOP');
}
function thaw() {
  for (const pid of frozen.toReversed()) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // already gone
    }
  }
  frozen = [];
}

async function timed(request: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

const health = () => fetch(`${server.url}/api/health`);

async function recovered(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await health()).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not report healthy again');
}

async function expectServiceUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
}

describe('a hung database (SIGSTOP)', () => {
  it('answers /api/health with 503 within 2 s, API calls with 503 SERVICE_UNAVAILABLE, and recovers after SIGCONT', async () => {
    expect((await health()).status).toBe(200);
    freeze();
    try {
      const checked = await timed(health);
      expect(checked.response.status).toBe(503);
      expect(await checked.response.json()).toEqual({ status: 'error', database: 'unreachable' });
      expect(checked.ms).toBeLessThan(2_000);

      // Seconds (the pool's time-outs), where it used to hang for as long as Postgres did.
      const listed = await timed(() => user.get('/api/sessions'));
      await expectServiceUnavailable(listed.response);
      expect(listed.ms).toBeLessThan(10_000);
    } finally {
      thaw();
    }
    await recovered();
    expect((await user.get('/api/sessions')).status).toBe(200);
    expect((await user.post('/api/sessions', {})).status).toBe(201);
  });
});

describe('a database that is down', () => {
  it('answers 503 SERVICE_UNAVAILABLE at once, on our routes and on the auth routes, and recovers when it is back', async () => {
    await database.stop();
    try {
      expect((await health()).status).toBe(503);
      const listed = await timed(() => user.get('/api/sessions'));
      await expectServiceUnavailable(listed.response);
      expect(listed.ms).toBeLessThan(5_000);
      await expectServiceUnavailable(await user.get('/api/auth/get-session'));
      await expectServiceUnavailable(await user.get('/api/auth/list-sessions'));
      await expectServiceUnavailable(await user.post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD }));
    } finally {
      database = await startEmbeddedPostgres(pgDir, logger, { port });
    }
    await recovered();
    expect((await user.get('/api/sessions')).status).toBe(200);
    expect((await user.get('/api/auth/get-session')).status).toBe(200);
  });
});

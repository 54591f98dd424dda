import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { startAppProcess } from '@test/server/app-process';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { signedInUser } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { until } from '@test/server/until';

const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the probes', () => {
  it('live answers while the process is up; ready checks database, storage and migrations', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.stop());
    const live = await fetch(`${server.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', draining: false, database: 'ok', storage: 'ok', migrations: 'ok' });
  });

  it('is not ready on a database that lacks the newest migration', async () => {
    // A database of its own: the shared one must keep its migrations.
    const scratch = await scratchDatabaseOn(inject('databaseUrl'));
    if (scratch.drop) cleanups.push(scratch.drop);
    const server = await startTestServer({ DATABASE_URL: scratch.url });
    cleanups.push(() => server.stop());
    const client = new pg.Client(scratch.url);
    await client.connect();
    // As if restored from a backup taken before the newest migration.
    await client.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    await client.end();
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not-ready', database: 'ok', migrations: 'pending' });
    // Alive all the same: a restart would not help.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
  });
});

describe('SIGTERM', () => {
  it(
    'makes readiness answer 503 first, keeps serving while draining, then lets in-flight requests finish',
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-drain-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const port = 40000 + Math.floor(Math.random() * 20000);
      const appUrl = `http://localhost:${port}`;
      const app = startAppProcess('api', {
        NODE_ENV: 'test',
        PORT: String(port),
        DATABASE_URL: inject('databaseUrl'),
        SHUTDOWN_DRAIN_SECONDS: '2',
        DATA_DIR: dataDir,
      });
      children.push(app.child);
      const base = `http://127.0.0.1:${port}`;
      await app.ready;
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

      // A request in flight: its body arrives slowly, across the whole shutdown.
      const body = JSON.stringify({ code: 'UNKNOWN_ERROR', message: 'slow report', path: '/studio', release: '1.0.0' });
      const inFlight = http.request(`${base}/api/client-errors`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Origin: appUrl },
      });
      const answered = new Promise<number>((resolve, reject) => {
        inFlight.on('response', (response) => {
          response.resume();
          resolve(response.statusCode!);
        });
        inFlight.on('error', reject);
      });
      inFlight.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 300));

      const stopped = app.stop();
      const notReady = await until(
        'readiness to answer 503',
        async () => {
          const response = await fetch(`${base}/api/health/ready`);
          return response.status === 503 ? ((await response.json()) as { draining: boolean }) : undefined;
        },
        5_000,
      );
      expect(notReady.draining).toBe(true);
      // Still serving while the load balancer notices.
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

      // Past the drain the server stops taking requests; the one in flight still gets its answer.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
      inFlight.end(body.slice(10));
      expect(await answered).toBe(202);
      expect(await stopped).toBe(0);
      expect(app.output()).toContain('stopped cleanly');
    },
  );
});

describe('stopping', () => {
  it('closes the database only after the handlers of requests whose clients have gone', { timeout: 60_000 }, async () => {
    const server = await startTestServer({ SHUTDOWN_DRAIN_SECONDS: '0' });
    // stop() runs once; a second call returns the first's promise.
    cleanups.push(() => server.stop());
    const user = await signedInUser(server);

    // Another connection holds the sessions table, so the request's first query (its session
    // lookup) waits; the list of chat sessions is its next query.
    const blocker = new pg.Client(inject('databaseUrl'));
    await blocker.connect();
    cleanups.push(() => blocker.end());
    await blocker.query('begin');
    await blocker.query('lock table session in access exclusive mode');

    const gone = new AbortController();
    const request = user.request('/api/sessions', { signal: gone.signal }).catch(() => 'aborted');
    await until(
      'the request to wait for the lock',
      async () => {
        // Statistics are a snapshot per transaction, and the blocker is inside one.
        await blocker.query('select pg_stat_clear_snapshot()');
        const { rows } = await blocker.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like '%from \"session\" inner join%'",
        );
        return rows[0]!.waiting > 0 ? true : undefined;
      },
      10_000,
    );
    gone.abort();
    expect(await request).toBe('aborted');

    // The server closes at once (no connection is open), while the handler still waits.
    const stopped = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await blocker.query('commit');
    await stopped;

    // The handler went on to its next query and answered, instead of a 500 from a closed pool.
    const durations = await server.deps.metrics.registry.getSingleMetricAsString('photomuse_http_request_duration_seconds');
    const answers = durations
      .split('\n')
      .filter((line) => line.startsWith('photomuse_http_request_duration_seconds_count') && line.includes('route="/api/sessions"'));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/status="200".* 1$/);
  });
});

import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { WITHHELD_QUERY } from '@server/lib/error-report-scrubbing';
import { startAppProcess } from '@test/server/app-process';
import { TestClient } from '@test/server/http-client';
import { TEST_PASSWORD } from '@test/server/signed-in-user';
import { uniqueEmail } from '@test/server/test-server';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { startSentryReceiver } from '@test/server/sentry-receiver';
import { until } from '@test/server/until';

/**
 * Server errors reach Sentry (here: a local server receiving Sentry envelopes, which a DSN may name
 * as well as sentry.io) from the server process as `npm start` runs it: an answer of 500 with the
 * thrown error's stack; never an aborted request or a 404, and nothing of the user's.
 */
const cleanups: (() => Promise<unknown>)[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A receiver, a scratch database (the tests break tables in it) and `npm start`'s process reporting to the receiver. */
async function reportingApp() {
  const receiver = await startSentryReceiver();
  cleanups.push(() => receiver.close());
  const scratch = await scratchDatabaseOn(inject('databaseUrl'));
  if (scratch.drop) cleanups.push(scratch.drop);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-sentry-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = 40000 + Math.floor(Math.random() * 20000);
  const app = startAppProcess('api', {
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    SENTRY_DSN: receiver.dsn,
  });
  children.push(app.child);
  await app.ready;
  return { receiver, scratch, app, port };
}

describe('error reporting with SENTRY_DSN', () => {
  it('reports a thrown server error with its stack, and not an aborted request or a 404', { timeout: 90_000 }, async () => {
    const { receiver, scratch, app, port } = await reportingApp();
    const base = `http://127.0.0.1:${port}`;

    const client = new pg.Client(scratch.url);
    await client.connect();
    cleanups.push(() => client.end());

    // A client that gives up waiting: its request fails after it left (the table it reads is
    // locked until the statement time-out), an answer of 5xx nobody receives.
    await client.query('begin');
    await client.query('lock table user_files in access exclusive mode');
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/stats HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 500);
      });
    });
    const abortedStatus = await until(
      'the aborted request to end',
      () => /"path":"\/api\/stats","status":(\d+)/.exec(app.output())?.[1],
      15_000,
    );
    expect(Number(abortedStatus)).toBeGreaterThanOrEqual(500);
    await client.query('rollback');

    expect((await fetch(`${base}/api/no-such-route`)).status).toBe(404);

    // A query that fails for a reason of ours (not an outage): its table is gone.
    await client.query('alter table user_files rename to user_files_moved');
    try {
      const broken = await fetch(`${base}/api/stats`, { headers: { Cookie: 'better-auth.session_token=a-session-token-never-reported' } });
      expect(broken.status).toBe(500);
      const event = await receiver.waitForEvent(() => true);
      const exception = (
        event.exception as {
          values: { type: string; value: string; stacktrace?: { frames: { filename?: string; function?: string }[] } }[];
        }
      ).values;
      // The error and its cause (the database's own error), each with the frames that threw it.
      expect(exception.map((value) => value.value).join('\n')).toContain('user_files');
      const frames = exception.flatMap((value) => value.stacktrace?.frames ?? []);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.some((frame) => frame.filename?.includes('stats.repository') || frame.filename?.includes('node_modules/pg'))).toBe(
        true,
      );
      expect(event).toMatchObject({
        environment: 'test',
        release: '1.0.0',
        level: 'error',
        tags: { route: '/api/stats', status: '500', method: 'GET' },
      });
      expect(JSON.stringify(receiver.items)).not.toContain('a-session-token-never-reported');
    } finally {
      await client.query('alter table user_files_moved rename to user_files');
    }

    // Stopping sends whatever is still queued: still one event, the 500.
    expect(await app.stop()).toBe(0);
    expect(receiver.events()).toHaveLength(1);
    expect(receiver.rejected).toEqual([]);
  });

  it(
    "withholds a failed query's statement and parameters, and a value Postgres quotes, from the envelope",
    { timeout: 90_000 },
    async () => {
      const { receiver, scratch, app, port } = await reportingApp();
      const appUrl = `http://localhost:${port}`;

      // A user who signed up, confirmed and accepted the terms, with a session of their own.
      const email = uniqueEmail('sentry');
      const browser = new TestClient(`http://127.0.0.1:${port}`, appUrl);
      expect(
        (await browser.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '', callbackURL: '/studio' })).status,
      ).toBe(200);
      const mail = await until('the confirmation mail', async () => {
        const { mails } = (await (await browser.get('/api/dev/mailbox')).json()) as { mails: { to: string; text: string }[] };
        return mails.find((candidate) => candidate.to === email);
      });
      const link = new URL(/https?:\/\/[^\s"<>]*\/api\/auth\/verify-email[^\s"<>]*/.exec(mail.text)![0]);
      expect((await browser.get(`${link.pathname}${link.search}`)).status).toBe(302);
      const accepted = await browser.post('/api/me/accept-terms', { accepted: true });
      const userId = ((await accepted.json()) as { id: string }).id;
      const sent = await browser.post('/api/messages', { session_id: 'new', content_text: 'hello', file_ids: [] });
      const sessionId = ((await sent.json()) as { session_id: string }).session_id;

      const client = new pg.Client(scratch.url);
      await client.connect();
      cleanups.push(() => client.end());
      // Two failures of ours: a query with the user's id among its parameters meets a missing table,
      // and a value the user typed meets a column of the wrong type (Postgres quotes it back).
      await client.query('alter table user_files rename to user_files_moved');
      // (The name's trigram index for session search takes text only: it goes while the column is an integer.)
      await client.query('drop index chat_sessions_name_trgm_idx');
      await client.query('alter table chat_sessions alter column session_name type integer using null');
      const typed = 'Holiday plans of Ms Example';
      try {
        expect((await browser.get('/api/user-files?limit=7')).status).toBe(500);
        expect((await browser.request(`/api/sessions/${sessionId}`, { method: 'PATCH', json: { session_name: typed } })).status).toBe(500);
        await receiver.waitForEvent((event) => JSON.stringify(event).includes('/api/user-files'));
        await receiver.waitForEvent((event) => JSON.stringify(event).includes('/api/sessions/:id'));
      } finally {
        await client.query('alter table user_files_moved rename to user_files');
        await client.query('alter table chat_sessions alter column session_name type text using null');
        await client.query('create index chat_sessions_name_trgm_idx on chat_sessions using gin (session_name gin_trgm_ops)');
      }
      expect(await app.stop()).toBe(0);

      const envelope = JSON.stringify(receiver.items);
      expect(envelope).toContain(WITHHELD_QUERY);
      expect(envelope).toContain('Postgres error 22P02');
      // The table that was missing is ours to know; the statement, its parameters and the value are not.
      expect(envelope).toContain('relation \\"user_files\\" does not exist');
      for (const withheld of [userId, email, typed, 'params:', 'Failed query:', 'where "user_files"', 'limit $'])
        expect(envelope, withheld).not.toContain(withheld);
      expect(receiver.rejected).toEqual([]);
    },
  );
});

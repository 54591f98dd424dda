import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClientErrorReport } from '@shared/client-errors';
import { loadConfig } from '../../lib/env';
import { findFreePort } from '../../lib/free-port';
import { startServer, type RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser } from '@test/server/signed-in-user';
import { CLIENT_ERROR_BODY_LIMIT_BYTES, CLIENT_ERROR_LIMITS } from './client-errors.routes';

/**
 * POST /api/client-errors takes reports from anyone, so it takes few and small ones: per address
 * and per signed-in user a minute, under a size cap, logged as warnings. The server trusts a
 * proxy here, so each test's reports come from an address of its own.
 */
let server: RunningServer;
const logLines: Array<{ level: number; msg: string; clientError?: ClientErrorReport }> = [];
beforeAll(async () => {
  const port = await findFreePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: 'true',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'photomuse-data-')),
    DATABASE_URL: inject('databaseUrl'),
    LOG_LEVEL: 'info',
  });
  const lines = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
      done();
    },
  });
  server = await startServer({ config, logger: pino({ level: 'info' }, lines) });
});
afterAll(() => server?.stop());

let addresses = 0;
const fromNewAddress = <T extends TestClient>(client: T): T => {
  client.headers['X-Forwarded-For'] = `203.0.113.${++addresses}`;
  return client;
};
const report = (message: string): ClientErrorReport => ({
  code: 'INTERNAL_SERVER_ERROR',
  message,
  status: 500,
  path: '/studio',
  release: '1.0.0',
});
const post = (client: TestClient, body: unknown) => client.request('/api/client-errors', { method: 'POST', json: body });

describe('client error reports', () => {
  it('takes a report and logs it as a warning, not an error', async () => {
    const client = fromNewAddress(new TestClient(server.url, server.deps.config.appUrl));
    expect((await post(client, report('a warning, not an error'))).status).toBe(202);
    const line = logLines.find((candidate) => candidate.clientError?.message === 'a warning, not an error');
    expect(line).toMatchObject({ level: 40, msg: 'client error' });
  });

  it('answers 429 once one address has sent its reports for the minute, and logs no more', async () => {
    const client = fromNewAddress(new TestClient(server.url, server.deps.config.appUrl));
    const statuses: number[] = [];
    for (let index = 0; index <= CLIENT_ERROR_LIMITS.perAddress; index++)
      statuses.push((await post(client, report(`flood ${index}`))).status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(CLIENT_ERROR_LIMITS.perAddress);
    const refused = await post(client, report('one too many'));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests. Please try again later.',
      text_code: { code: 'error.tooManyRequests' },
    });
    expect(logLines.some((line) => line.clientError?.message === 'one too many')).toBe(false);
    // Another address is not held back.
    expect((await post(fromNewAddress(new TestClient(server.url, server.deps.config.appUrl)), report('elsewhere'))).status).toBe(202);
  });

  it('answers 429 once one signed-in user has sent theirs, from any address', async () => {
    const user = await signedInUser(server);
    const statuses: number[] = [];
    for (let index = 0; index <= CLIENT_ERROR_LIMITS.perUser; index++)
      statuses.push((await post(fromNewAddress(user), report(`user ${index}`))).status);
    expect(statuses).toEqual([...Array<number>(CLIENT_ERROR_LIMITS.perUser).fill(202), 429]);
  });

  it('refuses a report over the size cap with 413, unread and unlogged', async () => {
    const client = fromNewAddress(new TestClient(server.url, server.deps.config.appUrl));
    const body = JSON.stringify({ ...report('big'), padding: 'x'.repeat(CLIENT_ERROR_BODY_LIMIT_BYTES) });
    const response = await client.request('/api/client-errors', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Request body is too large' });
    // The largest report the fields allow, in a script that takes three bytes a character, fits.
    const largest = report('я'.repeat(2000));
    expect((await post(client, { ...largest, path: `/${'ю'.repeat(1999)}` })).status).toBe(202);
  });
});

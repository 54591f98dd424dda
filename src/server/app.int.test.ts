import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, JSON_BODY_LIMIT_BYTES } from './app';
import { createDb } from './db/client';
import { loadConfig } from './lib/env';
import { createLogger } from './lib/logger';
import { buildDeps } from './runtime';
import type { RunningServer } from './start-server';
import { startTestServer } from '@test/server/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const validReport = { code: 'INTERNAL_SERVER_ERROR', message: 'boom', status: 500, path: '/studio', release: '1.0.0' };
const postJson = (path: string, body: string) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('the API skeleton', () => {
  it('reports healthy with a reachable database', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('reports 503 when the database is unreachable', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'a'.repeat(40) });
    const db = createDb('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const app = createApp(await buildDeps(config, db, createLogger('silent'), { jobs: undefined!, realtime: undefined! }));
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' });
    await db.$client.end();
  });

  it('serves an OpenAPI document listing the routes', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/config', '/api/client-errors']));
  });

  it('has the dev mailbox only without real mail: elsewhere it answers as no route at all and is not described', async () => {
    const withMailbox = await fetch(`${server.url}/api/dev/mailbox`);
    expect(withMailbox.status).toBe(200);
    expect(await withMailbox.json()).toEqual({ mails: expect.any(Array) });
    const described = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(described.paths)).toContain('/api/dev/mailbox');

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'a'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'PhotoMuse <noreply@example.test>',
    });
    const db = createDb('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const app = createApp(await buildDeps(config, db, createLogger('silent'), { jobs: undefined!, realtime: undefined! }));
    const withoutMailbox = await app.request('/api/dev/mailbox');
    expect(withoutMailbox.status).toBe(404);
    expect(await withoutMailbox.json()).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/dev/mailbox' });
    const document = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/api/dev/mailbox');
    await db.$client.end();
  });

  it("describes no development-only route in production's OpenAPI document, and every one in development's", async () => {
    const developmentOnly = [
      '/api/dev/mailbox',
      '/api/stripe/test-checkout/{id}',
      '/api/stripe/test-checkout/{id}/complete',
      '/api/stripe/test-checkout/{id}/cancel',
    ];
    const inDevelopment = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(inDevelopment.paths)).toEqual(expect.arrayContaining(developmentOnly));

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      APP_URL: 'https://photomuse.example.test',
      AUTH_SECRET: 'a'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:1',
      STRIPE_SECRET_KEY: 'sk_test_not_used_here',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_not_used_here',
      STRIPE_PRODUCT_ID: 'prod_not_used_here',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_used_here',
    });
    const db = createDb('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const app = createApp(await buildDeps(config, db, createLogger('silent'), { jobs: undefined!, realtime: undefined! }));
    const inProduction = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const paths = Object.keys(inProduction.paths);
    expect(paths.filter((path) => developmentOnly.includes(path) || /\/dev\/|test-checkout/.test(path))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/api/stripe/webhook', '/api/stripe/create-checkout-session']));
    const summaries = Object.values(inProduction.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.summary ?? ''),
    );
    expect(summaries.filter((summary) => /test mode|development/i.test(summary))).toEqual([]);
    await db.$client.end();
  });

  it('answers an unknown API path with JSON 404 NOT_FOUND', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/no-such-thing' });
  });

  it('answers a body that fails validation with 400 VALIDATION_ERROR naming the fields', async () => {
    const response = await postJson('/api/client-errors', JSON.stringify({ ...validReport, message: 7, status: 99 }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; details: { fields: { field: string }[] } };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Invalid json: message, status');
    expect(body.details.fields.map((f) => f.field)).toEqual(['message', 'status']);
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const response = await postJson('/api/client-errors', '{"code": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('refuses a body over the limit with 413 before parsing it', async () => {
    const response = await postJson('/api/client-errors', JSON.stringify({ ...validReport, message: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Request body is too large' });
  });

  it('accepts a valid client error report', async () => {
    const response = await postJson('/api/client-errors', JSON.stringify(validReport));
    expect(response.status).toBe(202);
  });

  it('tells the client its public configuration, with nothing secret in it', async () => {
    const response = await fetch(`${server.url}/api/config`);
    const body = await response.json();
    expect(body).toMatchObject({
      appName: 'PhotoMuse',
      payments: { mode: 'test', publishableKey: null },
      devMailbox: true,
      pricePerImageCents: 8,
      freeGenerations: 3,
    });
    expect(JSON.stringify(body)).not.toMatch(/secret/i);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request that is in flight when the server is asked to stop', async () => {
    const own = await startTestServer();
    const body = JSON.stringify(validReport);
    const { port } = new URL(own.url);
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/client-errors',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      // Half the body now, the rest after shutdown has begun.
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 300);
    });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = own.stop();
    expect(await answer).toBe(202);
    await stopped;
    await expect(fetch(`${own.url}/api/health`)).rejects.toThrow();
  });
});

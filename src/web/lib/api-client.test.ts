import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '@shared/errors';
import { apiFetch, setAuthProvider } from './api-client';

/** A real HTTP server on loopback answering with whatever each test asks of it. */
let server: http.Server;
let baseUrl: string;
let lastAuthorization: string | undefined;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    lastAuthorization = req.headers.authorization;
    const url = new URL(req.url ?? '/', 'http://x');
    const status = Number(url.searchParams.get('status') ?? 200);
    const body = url.searchParams.get('body') ?? '{"ok":true}';
    res.writeHead(status, { 'Content-Type': body.startsWith('{') ? 'application/json' : 'text/plain' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  setAuthProvider(() => null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const call = (query: string, options = {}) => apiFetch(`${baseUrl}/x?${query}`, {}, options);

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the web API client', () => {
  it("fails as TOKEN_EXPIRED 'No authentication token available' without a session, before any request", async () => {
    lastAuthorization = 'untouched';
    const error = await failureOf(call('status=200'));
    expect(error).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'No authentication token available' });
    expect(lastAuthorization).toBe('untouched');
  });

  it("fails as UNAUTHORIZED 'Failed to get authentication token' when the session lookup throws", async () => {
    setAuthProvider(() => {
      throw new Error('storage unavailable');
    });
    expect(await failureOf(call('status=200'))).toMatchObject({ code: 'UNAUTHORIZED', message: 'Failed to get authentication token' });
  });

  it('sends a bearer token when the provider has one, and nothing with skipAuth', async () => {
    setAuthProvider(() => ({ kind: 'bearer', token: 'tok_1' }));
    await call('status=200');
    expect(lastAuthorization).toBe('Bearer tok_1');
    await call('status=200', { skipAuth: true });
    expect(lastAuthorization).toBeUndefined();
  });

  it('maps a failed answer through the spec table, reading JSON and text bodies', async () => {
    setAuthProvider(() => ({ kind: 'cookie' }));
    expect(await failureOf(call(`status=402&body=${encodeURIComponent('{"message":"no money"}')}`))).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient credits',
    });
    expect(await failureOf(call('status=404&body=Gone'))).toMatchObject({ code: 'NOT_FOUND', message: 'Gone' });
    expect(
      await failureOf(call(`status=400&body=${encodeURIComponent('{"code":"VALIDATION_ERROR","message":"Invalid body: priceId"}')}`)),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body: priceId',
      details: { code: 'VALIDATION_ERROR', message: 'Invalid body: priceId' },
    });
  });

  it("fails as NETWORK_ERROR 'Network request failed' when nothing answers", async () => {
    setAuthProvider(() => ({ kind: 'cookie' }));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failureOf(apiFetch(`http://127.0.0.1:${port}/x`))).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network request failed',
    });
  });

  it("fails as TIMEOUT 'Request timeout' after 120 s, not before", async () => {
    vi.useFakeTimers();
    setAuthProvider(() => ({ kind: 'cookie' }));
    // A server that never answers: fetch resolves only when aborted.
    vi.stubGlobal(
      'fetch',
      (_input: unknown, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    let settled: unknown;
    const pending = apiFetch('http://127.0.0.1:1/slow').then(
      () => (settled = 'resolved'),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toMatchObject({ code: 'TIMEOUT', message: 'Request timeout' });
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '@shared/csp-nonce';
import { uploadFixture } from '@test/server/uploads';
import { signedInUser } from '@test/server/signed-in-user';
import type { RunningServer } from './start-server';
import { startTestServer } from '@test/server/test-server';

/**
 * Every answer of a running server carries the security headers: pages, the API, stored files
 * and errors; with Stripe's sources in the policy only when Stripe is configured, and HSTS only
 * in production.
 */
let workDir: string;
const servers: RunningServer[] = [];

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startTestServer(env, { webDistDir: path.join(workDir, 'web') });
  servers.push(server);
  return server;
}

let server: RunningServer;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-headers-'));
  await mkdir(path.join(workDir, 'web', 'assets'), { recursive: true });
  // As the build writes it (vite.config.ts: html.cspNonce).
  await writeFile(
    path.join(workDir, 'web', 'index.html'),
    `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><div id="root"></div>`,
  );
  server = await start({});
});
afterAll(async () => {
  for (const running of servers) await running.stop();
  await rm(workDir, { recursive: true, force: true });
});

function directives(response: Response): Map<string, string[]> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(response: Response) {
  const csp = directives(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}==?'$/)]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('frame-src')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
  expect(response.headers.get('permissions-policy')).toMatch(/(^|, )payment=\(\)/);
  // Not production: browsers must not be told to insist on HTTPS for a local address.
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('are on the landing page and the studio page', async () => {
    for (const page of ['/', '/studio']) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(response);
    }
  });

  it('put a fresh nonce in every page, the one its policy names for the styles libraries add', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}/studio`);
      const nonce = /'nonce-([^']+)'/.exec(directives(response).get('style-src')!.join(' '))![1]!;
      expect(await response.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('are on /api/health, on an API error and on an unknown page', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expectSecurityHeaders(health);
    const unauthorized = await fetch(`${server.url}/api/me`);
    expect(unauthorized.status).toBe(401);
    expectSecurityHeaders(unauthorized);
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('are on a stored file under /api/files/…', async () => {
    const client = await signedInUser(server);
    const file = await uploadFixture(client, 'Landscape_1.jpg');
    for (const url of [file.file_url, file.thumbnailUrl]) {
      const response = await client.get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\//);
      expectSecurityHeaders(response);
    }
  });

  it("allow Stripe's script, frames and API when Stripe is configured, and insist on HTTPS in production", async () => {
    const production = await start({
      NODE_ENV: 'production',
      APP_URL: 'https://photos.example.test',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:9',
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
      STRIPE_PRODUCT_ID: 'prod_headers',
      STRIPE_WEBHOOK_SECRET: 'whsec_headers',
    });
    const response = await fetch(`${production.url}/billing`);
    expect(response.status).toBe(200);
    const csp = directives(response);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com']),
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

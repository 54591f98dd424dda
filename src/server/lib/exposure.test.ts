import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { isLoopbackHost } from './exposure';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://photos.example.com',
  AUTH_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://relay.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
  STRIPE_PRODUCT_ID: 'prod_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

describe('development conveniences only on loopback', () => {
  it('knows the loopback addresses and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.20', '10.0.0.1', 'photos.example.com', 'localhost.example.com', '::ffff:10.0.0.1', '']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('refuses a development start on a non-loopback HOST with one message saying why and what to set', () => {
    for (const nodeEnv of ['development', 'test']) {
      const problems = problemsOf({ NODE_ENV: nodeEnv, HOST: '0.0.0.0' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^HOST=0\.0\.0\.0 makes this server reachable from other machines, but NODE_ENV is not production/);
      expect(problems[0]).toContain('dev mailbox');
      expect(problems[0]).toContain('Set NODE_ENV=production');
      expect(problems[0]).toContain('HOST=127.0.0.1');
      expect(problems[0]).toContain('ALLOW_UNSAFE_SHARED_TEST_SERVER=true');
    }
  });

  it('refuses a development start whose APP_URL is a public host (a reverse proxy in front of loopback)', () => {
    expect(problemsOf({ APP_URL: 'https://photos.example.com' })).toEqual([expect.stringMatching(/^APP_URL=https:\/\/photos\.example\.com makes this server reachable/)]);
    expect(problemsOf({ APP_URL: 'http://127.0.0.1:4000', HOST: '::1' })).toEqual([]);
  });

  it('lets a deliberately shared test server opt in, and says so in the config', () => {
    const config = loadConfig({ HOST: '0.0.0.0', ALLOW_UNSAFE_SHARED_TEST_SERVER: 'true' });
    expect(config).toMatchObject({ host: '0.0.0.0', sharedTestServer: true, stripe: { mode: 'test' } });
    expect(loadConfig({}).sharedTestServer).toBe(false);
  });

  it('lets production listen anywhere, where the opt-in changes nothing', () => {
    expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0', ALLOW_UNSAFE_SHARED_TEST_SERVER: 'true' }).sharedTestServer).toBe(false);
  });
});

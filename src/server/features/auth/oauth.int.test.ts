import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { startTestServer, uniqueEmail } from '@test/server/test-server';

/**
 * Google sign-in end to end against a real OpenID Connect server on loopback, configured exactly
 * as Google is (client id, secret, discovery document).
 */
let oidc: OAuth2Server;
let server: RunningServer;
let appUrl: string;
let nextIdentity = { email: '', name: '', picture: '' };

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const issuer = oidc.issuer.url!;
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: `google-${nextIdentity.email}`,
      email: nextIdentity.email,
      email_verified: true,
      name: nextIdentity.name,
      picture: nextIdentity.picture,
    });
  });
  oidc.service.on('beforeUserinfo', (userInfo: { body: Record<string, unknown> }) => {
    userInfo.body = {
      sub: `google-${nextIdentity.email}`,
      email: nextIdentity.email,
      email_verified: true,
      name: nextIdentity.name,
      picture: nextIdentity.picture,
    };
  });
  const port = 41000 + Math.floor(Math.random() * 9000);
  appUrl = `http://127.0.0.1:${port}`;
  server = await startTestServer({
    PORT: String(port),
    APP_URL: appUrl,
    GOOGLE_CLIENT_ID: 'photomuse-test-client',
    GOOGLE_CLIENT_SECRET: 'photomuse-test-secret',
    GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
  });
});
afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
});

async function signInWithGoogle(client: TestClient): Promise<Response> {
  const start = await client.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/studio', errorCallbackURL: '/login' });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(oidc.issuer.url!)).toBe(true);
  // The OIDC server "signs the user in" and sends the browser back with a code.
  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = authorize.headers.get('location')!;
  expect(callback.startsWith(`${appUrl}/api/auth/callback/google`)).toBe(true);
  return client.get(callback);
}

describe('Google sign-in (OpenID Connect)', () => {
  it('creates the account, signs the user in and returns to the sessions route', async () => {
    nextIdentity = { email: uniqueEmail('google'), name: 'Grace Google', picture: 'https://example.test/grace.png' };
    const client = new TestClient(appUrl);
    const done = await signInWithGoogle(client);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/studio');
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: nextIdentity.email,
      name: 'Grace Google',
      avatarUrl: 'https://example.test/grace.png',
      initials: 'GG',
      termsAcceptedAt: null,
    });
  });

  it('signs the same person into the same account the next time', async () => {
    nextIdentity = { email: uniqueEmail('google-again'), name: 'Ada Again', picture: '' };
    const first = new TestClient(appUrl);
    await signInWithGoogle(first);
    const firstId = ((await (await first.get('/api/me')).json()) as { id: string }).id;
    const second = new TestClient(appUrl);
    await signInWithGoogle(second);
    const secondId = ((await (await second.get('/api/me')).json()) as { id: string }).id;
    expect(secondId).toBe(firstId);
  });

  it('tells the client which providers are on', async () => {
    const config = (await (await fetch(`${appUrl}/api/config`)).json()) as { socialProviders: Record<string, boolean> };
    expect(config.socialProviders).toEqual({ google: true, github: false, apple: false });
  });
});

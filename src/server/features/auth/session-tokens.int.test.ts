import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/**
 * Session tokens never reach page scripts: no better-auth answer to a browser carries one (in its
 * body or in a header), and a non-browser client gets a Bearer token only by asking for one.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function tokensOf(userId: string): Promise<string[]> {
  const rows = await server.deps.db.select({ token: session.token }).from(session).where(eq(session.userId, userId));
  return rows.map((row) => row.token);
}

/** Everything a page script could read of an answer: its body and headers (fetch hides Set-Cookie). */
async function readable(response: Response): Promise<string> {
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
  return `${JSON.stringify(headers)}\n${await response.text()}`;
}

async function expectNoToken(response: Response, tokens: string[]) {
  expect(response.headers.get('set-auth-token')).toBeNull();
  const text = await readable(response);
  expect(tokens.length).toBeGreaterThan(0);
  for (const token of tokens) expect(text).not.toContain(token);
  expect(text).not.toMatch(/"token"/);
}

/** A sign-in over HTTP as a browser makes it (with the site's Origin), keeping the cookie. */
async function browserSignIn(user: SignedInClient): Promise<TestClient> {
  const browser = new TestClient(server.url, server.deps.config.appUrl);
  const response = await browser.post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  expect(browser.hasSession()).toBe(true);
  await expectNoToken(response, await tokensOf(user.userId));
  return browser;
}

describe('session tokens and page scripts', () => {
  it('answers get-session and list-sessions without any session token', async () => {
    const user = await signedInUser(server);
    await browserSignIn(user); // a second session, so the list has two

    const current = await user.get('/api/auth/get-session');
    expect(current.status).toBe(200);
    const body = (await current.clone().json()) as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe(user.email);
    expect(body.session).toMatchObject({ id: expect.any(String), userId: user.userId, expiresAt: expect.any(String) });
    await expectNoToken(current, await tokensOf(user.userId));

    const list = await user.get('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    const sessions = (await list.clone().json()) as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    for (const entry of sessions) expect(entry).toMatchObject({ id: expect.any(String), userId: user.userId });
    await expectNoToken(list, await tokensOf(user.userId));
  });

  it('signs a browser in with its HttpOnly cookie only: no token in the answer', async () => {
    const user = await signedInUser(server);
    const browser = await browserSignIn(user);
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('gives a non-browser client a Bearer token through POST /api/auth/sign-in/bearer, and no cookie', async () => {
    const user = await signedInUser(server);
    // As curl or a script sends it: no Origin, no cookies.
    const response = await fetch(`${server.url}/api/auth/sign-in/bearer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const { token, user: signedIn } = (await response.json()) as { token: string; user: { id: string; email: string } };
    expect(signedIn).toEqual({ id: user.userId, email: user.email });

    const bearer = { Authorization: `Bearer ${token}` };
    const me = await fetch(`${server.url}/api/me`, { headers: bearer });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: user.email });

    // Its own sign-out ends that session.
    expect(
      (
        await fetch(`${server.url}/api/auth/sign-out`, {
          method: 'POST',
          headers: { ...bearer, 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(200);
    expect((await fetch(`${server.url}/api/me`, { headers: bearer })).status).toBe(401);
  });

  it('refuses a wrong password on the bearer sign-in as the e-mail sign-in does, counting against the same limit', async () => {
    const user = await signedInUser(server);
    // The e-mail sign-in as a browser sends it (with the site's Origin), the bearer one as curl does.
    const attempt = (path: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(path.endsWith('/email') ? { Origin: server.deps.config.appUrl } : {}) },
        body: JSON.stringify({ email: user.email, password: 'Wr0ng-password' }),
      });
    const first = await attempt('/api/auth/sign-in/bearer');
    expect(first.status).toBe(401);
    expect(await first.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await attempt('/api/auth/sign-in/email')).status).toBe(401);
    expect((await attempt('/api/auth/sign-in/bearer')).status).toBe(401);
    const fourth = await attempt('/api/auth/sign-in/bearer');
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
  });

  it('documents the bearer sign-in in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: { summary?: string } }>;
    };
    expect(document.paths['/api/auth/sign-in/bearer']?.post?.summary).toMatch(/Bearer token/);
  });

  it('does not take the raw session token as a Bearer token', async () => {
    const user = await signedInUser(server);
    const [raw] = await tokensOf(user.userId);
    expect((await fetch(`${server.url}/api/me`, { headers: { Authorization: `Bearer ${raw}` } })).status).toBe(401);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, TEST_PASSWORD } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/**
 * The stated bound (decision 019): a signed-out or revoked session stops working at once — the
 * very next request with its cookie is refused — because every signed-in request reads the
 * session row. No cache stands between a revocation and the next request.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Another browser holding a copy of this one's cookies (what a stolen cookie would be). */
function copyOf(client: TestClient): TestClient {
  const copy = new TestClient(server.url, server.deps.config.appUrl);
  copy.headers.Cookie = client.cookieHeader();
  return copy;
}

const SIGNED_IN_READS = [
  '/api/me',
  '/api/sessions',
  '/api/stripe/balance',
  '/api/user-files?limit=12',
  '/api/stripe/transaction-history/top-ups',
];

async function statuses(client: TestClient): Promise<number[]> {
  return Promise.all(SIGNED_IN_READS.map(async (path) => (await client.get(path)).status));
}

describe('a session stops working at once', () => {
  it('when its browser signs out: the next request with the old cookie is 401 on every read', async () => {
    const account = await signedInUser(server);
    const stolen = copyOf(account);
    expect(await statuses(stolen)).toEqual(SIGNED_IN_READS.map(() => 200));
    expect((await account.post('/api/auth/sign-out')).status).toBe(200);
    expect(await statuses(stolen)).toEqual(SIGNED_IN_READS.map(() => 401));
  });

  it('when it is revoked from another session', async () => {
    const account = await signedInUser(server);
    const other = new TestClient(server.url, server.deps.config.appUrl);
    expect((await other.post('/api/auth/sign-in/email', { email: account.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await other.get('/api/sessions')).status).toBe(200);
    expect((await account.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await other.get('/api/sessions')).status).toBe(401);
    expect((await account.get('/api/sessions')).status).toBe(200);
  });

  it('when its row is deleted or expires in the database (an operator revoking it, or time)', async () => {
    const account = await signedInUser(server);
    const [row] = await server.deps.db.select({ id: session.id }).from(session).where(eq(session.userId, account.userId));
    await server.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, row!.id));
    expect((await account.get('/api/me')).status).toBe(401);
    // better-auth removes the expired session as it always did.
    expect(await server.deps.db.select().from(session).where(eq(session.id, row!.id))).toEqual([]);

    const again = await signedInUser(server);
    expect((await again.get('/api/me')).status).toBe(200);
    await server.deps.db.delete(session).where(eq(session.userId, again.userId));
    expect((await again.get('/api/me')).status).toBe(401);
  });
});

describe('the session cookie', () => {
  it("is refused when its signature is not the server's, even for a live session token", async () => {
    const account = await signedInUser(server);
    const [row] = await server.deps.db.select({ token: session.token }).from(session).where(eq(session.userId, account.userId));
    const forged = new TestClient(server.url, server.deps.config.appUrl);
    forged.headers.Cookie = `photomuse.session_token=${encodeURIComponent(`${row!.token}.${Buffer.alloc(32, 7).toString('base64')}`)}`;
    expect((await forged.get('/api/me')).status).toBe(401);
    const unsigned = new TestClient(server.url, server.deps.config.appUrl);
    unsigned.headers.Cookie = `photomuse.session_token=${row!.token}`;
    expect((await unsigned.get('/api/me')).status).toBe(401);
    expect((await account.get('/api/me')).status).toBe(200);
  });

  it('of a session due for refresh still works, and better-auth extends the session as before', async () => {
    const account = await signedInUser(server);
    const { expiresIn } = (await server.deps.auth.$context).sessionConfig;
    // Made two days ago: past the default update age of a day.
    await server.deps.db
      .update(session)
      .set({ expiresAt: sql`now() + make_interval(secs => ${expiresIn}) - interval '2 days'` })
      .where(eq(session.userId, account.userId));
    const [before] = await server.deps.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, account.userId));
    expect((await account.get('/api/sessions')).status).toBe(200);
    const [after] = await server.deps.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, account.userId));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime() + 24 * 3600 * 1000);
  });

  it('gives the same user as better-auth itself', async () => {
    const account = await signedInUser(server);
    const me = (await (await account.get('/api/me')).json()) as Record<string, unknown>;
    const theirs = await server.deps.auth.api.getSession({ headers: new Headers({ cookie: account.cookieHeader() }) });
    expect(me).toMatchObject({ id: theirs!.user.id, email: theirs!.user.email, emailVerified: theirs!.user.emailVerified });
    expect(me.termsAcceptedAt).toBe(new Date(theirs!.user.termsAcceptedAt!).toISOString());
  });
});

import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMails, user as users } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer, uniqueEmail } from '@test/server/test-server';

/**
 * The password rules hold on the server whatever the client checked, and a new
 * password ends every other session of the account.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const browser = () => new TestClient(server.url, server.deps.config.appUrl);

async function resetTokenFor(email: string): Promise<string> {
  expect((await browser().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status).toBe(200);
  for (let attempt = 0; attempt < 100; attempt++) {
    const [mail] = await server.deps.db
      .select({ text: devMails.text })
      .from(devMails)
      .where(and(eq(devMails.to, email), like(devMails.subject, 'Reset your%')))
      .orderBy(desc(devMails.createdAt))
      .limit(1);
    const token = mail && /[?&]token=([^&\s"<>]+)/.exec(mail.text)?.[1];
    if (token) return decodeURIComponent(token);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail to ${email}`);
}

async function signIn(email: string, password: string): Promise<TestClient> {
  const client = browser();
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  expect(response.status, `sign-in of ${email}`).toBe(200);
  return client;
}

const signInStatus = async (email: string, password: string) =>
  (await browser().post('/api/auth/sign-in/email', { email, password })).status;

async function expectRefused(response: Response, field: string, message: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    code: 'VALIDATION_ERROR',
    message,
    details: { fields: [{ field, message }] },
    text_code: { code: expect.stringMatching(/^error\./) },
  });
}

describe('password rules on the server', () => {
  it('refuses a sign-up password under 8 characters, creating no account', async () => {
    const email = uniqueEmail('short');
    await expectRefused(
      await browser().post('/api/auth/sign-up/email', { email, password: 'Sh0rt-7', name: '' }),
      'password',
      'Password must be at least 8 characters long',
    );
    expect(await server.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a weak reset with the rule it breaks, keeping the old password and the link', async () => {
    const account = await signedInUser(server);
    const token = await resetTokenFor(account.email);
    const reset = (newPassword: string) => browser().post('/api/auth/reset-password', { token, newPassword });

    await expectRefused(await reset('aaaaaaaa'), 'newPassword', 'Password must contain at least one uppercase letter');
    await expectRefused(await reset('Aa1'), 'newPassword', 'Password must be at least 8 characters');
    await expectRefused(await reset('AAAAAAA1'), 'newPassword', 'Password must contain at least one lowercase letter');
    await expectRefused(await reset('Aaaaaaaa'), 'newPassword', 'Password must contain at least one number');
    expect(await signInStatus(account.email, TEST_PASSWORD)).toBe(200);

    // The link still works for a password that keeps the rules.
    expect((await reset('Str0nger-pass')).status).toBe(200);
    expect(await signInStatus(account.email, 'Str0nger-pass')).toBe(200);
  });

  it('refuses a weak new password on a change, keeping the old one', async () => {
    const account = await signedInUser(server);
    const change = await account.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'alllowercase1' });
    await expectRefused(change, 'newPassword', 'Password must contain at least one uppercase letter');
    expect(await signInStatus(account.email, TEST_PASSWORD)).toBe(200);
  });
});

describe('a new password signs out every other session', () => {
  async function withThreeSessions(): Promise<{ account: SignedInClient; other: TestClient; bearer: Record<string, string> }> {
    const account = await signedInUser(server);
    const other = await signIn(account.email, TEST_PASSWORD);
    const signInBearer = await fetch(`${server.url}/api/auth/sign-in/bearer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: TEST_PASSWORD }),
    });
    const { token } = (await signInBearer.json()) as { token: string };
    const bearer = { Authorization: `Bearer ${token}` };
    for (const status of [
      (await account.get('/api/me')).status,
      (await other.get('/api/me')).status,
      (await fetch(`${server.url}/api/me`, { headers: bearer })).status,
    ])
      expect(status).toBe(200);
    return { account, other, bearer };
  }

  it('on a change, even when the client asks to keep them; the changing browser stays signed in', async () => {
    const { account, other, bearer } = await withThreeSessions();
    const change = await account.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'N3w-password',
      revokeOtherSessions: false,
    });
    expect(change.status).toBe(200);
    expect(await change.json()).not.toHaveProperty('token');

    expect((await other.get('/api/me')).status).toBe(401);
    expect((await fetch(`${server.url}/api/me`, { headers: bearer })).status).toBe(401);
    expect((await account.get('/api/me')).status).toBe(200);
    expect(await signInStatus(account.email, 'N3w-password')).toBe(200);
  });

  it('on a reset, everywhere', async () => {
    const { account, other, bearer } = await withThreeSessions();
    const token = await resetTokenFor(account.email);
    expect((await browser().post('/api/auth/reset-password', { token, newPassword: 'Re5et-password' })).status).toBe(200);
    expect((await account.get('/api/me')).status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await fetch(`${server.url}/api/me`, { headers: bearer })).status).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { findFreePort } from '../../lib/free-port';
import type { RunningServer } from '../../start-server';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/**
 * Every route that checks a signed-in user's password is a guess, limited as sign-in is (3 a
 * minute per user, 30 per address), on one counter shared by all of them. The server trusts a
 * proxy here, so each request can come from an address of the test's choosing.
 */
let server: RunningServer;
beforeAll(async () => {
  const port = await findFreePort();
  server = await startTestServer({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: 'true' });
});
afterAll(() => server?.stop());

const TOO_MANY = {
  code: 'RATE_LIMIT_EXCEEDED',
  message: 'Too many requests. Please wait a few minutes before trying again.',
  text_code: { code: 'error.tooManyRequests' },
};
let addresses = 0;
/** A visitor address no other test of this file uses. */
const freshAddress = () => `198.51.100.${++addresses}`;

function from(client: SignedInClient, address: string): SignedInClient {
  client.headers['X-Forwarded-For'] = address;
  return client;
}

const wrongDeletion = (client: SignedInClient) => client.post('/api/account/delete', { password: 'Not-the-password1' });
const wrongChange = (client: SignedInClient) =>
  client.post('/api/auth/change-password', { currentPassword: 'Not-the-password1', newPassword: 'N3w-password' });
const wrongVerification = (client: SignedInClient) => client.post('/api/auth/verify-password', { password: 'Not-the-password1' });

async function accountExists(client: SignedInClient): Promise<boolean> {
  return (await server.deps.db.select({ id: user.id }).from(user).where(eq(user.id, client.userId))).length === 1;
}

describe('password checks behind a session', () => {
  it('refuses the 4th account-deletion guess in a minute with 429, even with the right password then', async () => {
    const client = from(await signedInUser(server), freshAddress());
    for (let guess = 1; guess <= 3; guess++) expect((await wrongDeletion(client)).status).toBe(400);
    const refused = await client.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(await accountExists(client)).toBe(true);
  });

  it('refuses the 4th password-change guess in a minute with 429, and the password stays', async () => {
    const client = from(await signedInUser(server), freshAddress());
    for (let guess = 1; guess <= 3; guess++) expect((await wrongChange(client)).status).toBe(401);
    const refused = await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'N3w-password' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    const signIn = await client.post('/api/auth/sign-in/email', { email: client.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it('counts deletion, password change and verify-password on one counter: spreading guesses over them gains nothing', async () => {
    const client = from(await signedInUser(server), freshAddress());
    expect((await wrongDeletion(client)).status).toBe(400);
    expect((await wrongChange(client)).status).toBe(401);
    expect((await wrongVerification(client)).status).toBe(401);
    expect((await wrongVerification(client)).status).toBe(429);
    expect((await wrongDeletion(client)).status).toBe(429);
  });

  it('limits one user from many addresses', async () => {
    const client = await signedInUser(server);
    const statuses: number[] = [];
    for (let guess = 1; guess <= 4; guess++) statuses.push((await wrongDeletion(from(client, freshAddress()))).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('limits one address across many users', { timeout: 60_000 }, async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    // Ten users, three guesses each: the address's thirty. An eleventh user's first guess is one too many.
    for (let person = 1; person <= 11; person++) {
      const client = from(await signedInUser(server), address);
      for (let guess = 1; guess <= (person === 11 ? 1 : 3); guess++) statuses.push((await wrongDeletion(client)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@shared/profile';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { linkIn, startSmtpInbox } from '@test/server/smtp-inbox';
import { startTestServer, uniqueEmail } from '@test/server/test-server';

/**
 * The Account page's changes through better-auth's own endpoints, mailed over real SMTP: the name
 * (update-user), the password (change-password: every other session ends) and the e-mail address
 * (change-email: it changes only when the link mailed to the new address is opened).
 */
let server: RunningServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

const newUser = () => signedInUser(server, { inbox });

async function profileOf(client: TestClient): Promise<Profile> {
  const response = await client.get('/api/me');
  expect(response.status).toBe(200);
  return (await response.json()) as Profile;
}

async function signIn(email: string, password: string): Promise<{ client: TestClient; status: number }> {
  const client = new TestClient(server.url, server.deps.config.appUrl);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  await response.arrayBuffer();
  return { client, status: response.status };
}

describe('changing the name', () => {
  it('shows the new name as the display name and initials', async () => {
    const client = await newUser();
    const changed = await client.post('/api/auth/update-user', { name: 'Ada Lovelace' });
    expect(changed.status).toBe(200);
    expect(await profileOf(client)).toMatchObject({ name: 'Ada Lovelace', displayName: 'Ada Lovelace', initials: 'AL' });
  });

  it('cannot change what only the server writes (terms, operator, disabled)', async () => {
    const client = await newUser();
    const before = await profileOf(client);
    const changed = await client.post('/api/auth/update-user', {
      name: 'Eve',
      termsAcceptedAt: null,
      operatorGrantedAt: new Date().toISOString(),
    });
    expect(changed.status).toBe(400);
    expect(await profileOf(client)).toEqual(before);
  });
});

describe('changing the password', () => {
  it('needs the current password, then signs every other session out and keeps this one', async () => {
    const client: SignedInClient = await newUser();
    const other = await signIn(client.email, TEST_PASSWORD);
    expect(other.status).toBe(200);
    expect((await other.client.get('/api/me')).status).toBe(200);

    const wrong = await client.post('/api/auth/change-password', { currentPassword: 'Wr0ng-password', newPassword: 'N3w-password' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');
    expect((await other.client.get('/api/me')).status).toBe(200);

    const changed = await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'N3w-password' });
    expect(changed.status).toBe(200);
    expect((await other.client.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await signIn(client.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(client.email, 'N3w-password')).status).toBe(200);
  });
});

describe('changing the e-mail address', () => {
  it('mails a link to the new address and changes the address only when it is opened', async () => {
    const client = await newUser();
    const newEmail = uniqueEmail('moved');
    const asked = await client.post('/api/auth/change-email', { newEmail, callbackURL: '/account' });
    expect(asked.status).toBe(200);
    // Nothing changes until the link is opened.
    expect((await profileOf(client)).email).toBe(client.email);

    const mail = await inbox.waitForMail(newEmail);
    expect(mail.text).toContain('Confirm the new address');
    const link = new URL(linkIn(mail, `${server.deps.config.appUrl}/api/auth/verify-email`));
    const opened = await client.get(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/account');

    expect(await profileOf(client)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signIn(newEmail, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(client.email, TEST_PASSWORD)).status).toBe(401);
  });

  it("never takes another account's address, and says nothing that would tell it exists", async () => {
    const [client, other] = await Promise.all([newUser(), newUser()]);
    const asked = await client.post('/api/auth/change-email', { newEmail: other.email, callbackURL: '/account' });
    expect(asked.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.mails.filter((mail) => mail.to.includes(other.email) && mail.text.includes('Confirm the new address'))).toEqual([]);
    expect((await profileOf(client)).email).toBe(client.email);
  });

  it('refuses a malformed address and the same address', async () => {
    const client = await newUser();
    expect((await client.post('/api/auth/change-email', { newEmail: 'not an address' })).status).toBe(400);
    expect((await client.post('/api/auth/change-email', { newEmail: client.email })).status).toBe(400);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_EMAIL_MESSAGE, WRONG_PASSWORD_MESSAGE, type AccountDeletionInfo } from '@shared/account';
import { account, retainedLedgerEntries, user } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { creditTopUp } from '../billing/billing.repository';
import { jobSettled, sendMessage } from '@test/server/generation';
import { TestClient } from '@test/server/http-client';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer, uniqueEmail } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';
import { storedFilesOf } from '@test/server/stored-files';

/** Account deletion through the API: confirmation, what goes, what is kept, and that nothing of it answers afterwards. */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local', FREE_GENERATIONS: '0' });
});
afterAll(() => server?.stop());

const statusOf = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  await response.arrayBuffer();
  return response.status;
};

async function signIn(email: string, password: string) {
  const client = new TestClient(server.url, server.deps.config.appUrl);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, status: response.status, body: await response.json() };
}

async function infoOf(client: SignedInClient): Promise<AccountDeletionInfo> {
  const response = await client.get('/api/account');
  expect(response.status).toBe(200);
  return (await response.json()) as AccountDeletionInfo;
}

describe('deleting an account', () => {
  it('needs the password, then removes sessions, messages, files and sign-in, keeps the ledger without the person, and leaves others alone', async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 1000,
      reference: `cs_test_${client.userId}`,
      description: 'Top-up',
    });
    const photo = await approvedUpload(client);
    const sent = await sendMessage(client, 'turn it into a cartoon', { fileIds: [photo.id], requestReply: true });
    expect((await jobSettled(server, sent.reply!.job_id)).status).toBe('completed');
    const reply = (await (await client.get(`/api/messages/${sent.reply!.reply_message_id}`)).json()) as { files: { fileUrl: string }[] };
    const urls = [photo.file_url, photo.thumbnailUrl, ...reply.files.map((file) => file.fileUrl)];
    expect(await storedFilesOf(server, client.userId)).not.toEqual([]);
    const secondBrowser = await signIn(client.email, TEST_PASSWORD);
    expect(secondBrowser.status).toBe(200);

    const other = await signedInUser(server);
    const othersPhoto = await approvedUpload(other);

    const info = await infoOf(client);
    expect(info).toEqual({ email: client.email, hasPassword: true, availableCents: 1000 - sent.reply!.price_cents });

    const wrong = await client.post('/api/account/delete', { password: 'Not-the-password1' });
    expect(wrong.status).toBe(400);
    // API clients read the English; the app words the code in the reader's language.
    expect(await wrong.json()).toMatchObject({ message: WRONG_PASSWORD_MESSAGE, text_code: { code: 'error.wrongPassword' } });
    expect((await client.post('/api/account/delete', { email: client.email })).status).toBe(400);
    expect((await client.get('/api/me')).status).toBe(200);

    const deleted = await client.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(deleted.status).toBe(204);
    expect(client.hasSession()).toBe(false);

    // Every session ended, this browser's and the other one's.
    expect((await secondBrowser.client.get('/api/me')).status).toBe(401);
    // Signing in answers exactly as for an address nobody has.
    const again = await signIn(client.email, TEST_PASSWORD);
    const unknown = await signIn(uniqueEmail('nobody'), TEST_PASSWORD);
    expect({ status: again.status, body: again.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(again.status).toBe(401);
    // No URL of the user's files answers, signed in or not, and the bytes are gone.
    for (const url of urls) expect(await statusOf(new TestClient(server.url), url)).toBe(404);
    expect(await storedFilesOf(server, client.userId)).toEqual([]);
    // Nor is the account's folder left behind, empty or not.
    expect(existsSync(path.join(server.deps.config.dataDir, 'storage', 'public', client.userId))).toBe(false);
    expect(existsSync(path.join(server.deps.config.dataDir, 'storage', 'public', other.userId))).toBe(true);
    expect(await server.deps.db.select().from(user).where(eq(user.id, client.userId))).toEqual([]);

    // The ledger is kept for accounting: the free grant, the top-up, the charge and the unused credit written off, adding up to zero.
    const kept = await server.deps.db
      .select()
      .from(retainedLedgerEntries)
      .where(
        sql`${retainedLedgerEntries.erasedAccountId} = (select erased_account_id from retained_ledger_entries where reference = ${`cs_test_${client.userId}`})`,
      );
    expect(kept.map((entry) => entry.kind).sort()).toEqual(['adjustment', 'free_grant', 'top_up', 'usage']);
    expect(kept.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(JSON.stringify(kept.filter((entry) => entry.kind !== 'top_up'))).not.toContain(client.userId);
    expect(JSON.stringify(kept)).not.toContain(client.email);

    expect(await statusOf(other, othersPhoto.file_url)).toBe(200);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('asks an account without a password to type its e-mail address', async () => {
    const client = await signedInUser(server);
    // As if the account had signed up with Google: a social sign-in account and no password.
    await server.deps.db.update(account).set({ providerId: 'google', password: null }).where(eq(account.userId, client.userId));
    expect(await infoOf(client)).toMatchObject({ hasPassword: false, availableCents: 0 });

    const wrong = await client.post('/api/account/delete', { email: 'someone-else@example.test' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: WRONG_EMAIL_MESSAGE, text_code: { code: 'error.wrongEmail' } });
    expect((await client.post('/api/account/delete', { email: ` ${client.email.toUpperCase()} ` })).status).toBe(204);
    expect((await client.get('/api/me')).status).toBe(401);
    expect(await server.deps.db.select().from(account).where(eq(account.userId, client.userId))).toEqual([]);
  });

  it('is only for the signed-in user', async () => {
    expect(
      (await new TestClient(server.url, server.deps.config.appUrl).post('/api/account/delete', { password: TEST_PASSWORD })).status,
    ).toBe(401);
  });
});

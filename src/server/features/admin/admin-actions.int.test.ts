import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ACCOUNT_DISABLED_MESSAGE } from '@shared/admin';
import { auditLog, balanceAccounts, devMails, ledgerEntries, session as sessions } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { creditTopUp } from '../billing/billing.repository';
import { askForReply, jobSettled, replyOf, sendMessage } from '@test/server/generation';
import { TestClient } from '@test/server/http-client';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer, uniqueEmail } from '@test/server/test-server';
import { until } from '@test/server/until';

/**
 * The operator console's actions, each against the real server and database: every one writes
 * exactly one ledger entry (where money or free images move) and exactly one audit entry, and the
 * same submit again — later, or several at once — writes nothing.
 */

const OPERATOR = uniqueEmail('operator');
/** Outputs of a request whose words carry this are refused by the database (a fault injected below). */
const FAULT = `FAULTADMIN${randomBytes(4).toString('hex')}`;

let server: RunningServer;
let operator: SignedInClient;

beforeAll(async () => {
  server = await startTestServer(
    { ADMIN_EMAILS: OPERATOR, IMAGE_ENGINE: 'local', FREE_GENERATIONS: '0', PRICE_PER_IMAGE_CENTS: '8' },
    // A failed generation fails at once (no retries), so the tests do not wait for back-off.
    { jobPolicyOverrides: { generate: { retryLimit: 0 } } },
  );
  operator = await signedInUser(server, { email: OPERATOR });
  await server.deps.db.execute(sql`
    create or replace function photomuse_test_admin_fault() returns trigger language plpgsql as $$
    begin
      if new.content_description like '%${sql.raw(FAULT)}%' then raise exception 'injected fault: cannot store outputs'; end if;
      return new;
    end $$`);
  await server.deps.db.execute(
    sql`create or replace trigger photomuse_test_admin_fault before insert on user_files for each row execute function photomuse_test_admin_fault()`,
  );
});
afterAll(async () => {
  await server?.deps.db.execute(sql`drop trigger if exists photomuse_test_admin_fault on user_files`);
  await server?.deps.db.execute(sql`drop function if exists photomuse_test_admin_fault()`);
  await server?.stop();
});

/** The account's entries, oldest first, without the empty welcome gift (FREE_GENERATIONS=0 here). */
const ledgerOf = async (userId: string) =>
  (await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(asc(ledgerEntries.createdAt))).filter(
    (entry) => !(entry.kind === 'free_grant' && entry.freeGenerationsDelta === 0),
  );
const auditOf = (userId: string) =>
  server.deps.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId)).orderBy(asc(auditLog.createdAt));
const accountOf = async (userId: string) =>
  (await server.deps.db.select().from(balanceAccounts).where(eq(balanceAccounts.userId, userId)))[0]!;

async function post(
  path: string,
  body: Record<string, unknown>,
  as: TestClient = operator,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await as.post(path, body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A user with `cents` on their balance from a top-up. */
async function userWith(cents: number): Promise<SignedInClient> {
  const client = await signedInUser(server);
  if (cents > 0)
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: cents,
      reference: `cs_test_admin_${randomUUID()}`,
      description: 'Top-up by card',
    });
  return client;
}

describe('correcting a balance', () => {
  it('grants credit as one adjustment entry with one audit entry, and posts nothing for the same submit again, even several at once', async () => {
    const client = await userWith(0);
    const requestId = randomUUID();
    const body = { requestId, reason: 'Goodwill after a slow week', direction: 'grant', amountCents: 500 };
    const first = await post(`/api/admin/users/${client.userId}/credit`, body);
    expect(first).toMatchObject({ status: 200, body: { repeated: false } });
    expect(
      (await ledgerOf(client.userId))
        .filter((e) => e.kind === 'adjustment')
        .map((e) => [e.amountCents, e.reference, e.balanceAfterCents, e.description]),
    ).toEqual([[500, `operator:${requestId}`, 500, 'Credit from support']]);
    const [entry] = await auditOf(client.userId);
    expect(entry).toMatchObject({
      action: 'credit_granted',
      operatorId: operator.userId,
      operatorEmail: OPERATOR,
      reason: 'Goodwill after a slow week',
      before: { availableCents: 0, frozenCents: 0, freeGenerationsLeft: 0 },
      after: { availableCents: 500, frozenCents: 0, freeGenerationsLeft: 0, amountCents: 500 },
    });
    expect(await (await client.get('/api/stripe/balance')).json()).toMatchObject({ availableCents: 500 });
    // The user sees it as money in.
    const history = (await (await client.get('/api/stripe/transaction-history/withdrawals')).json()) as {
      data: { credit: boolean; amount_formatted: string }[];
    };
    expect(history.data).toEqual([expect.objectContaining({ credit: true, amount_formatted: '$5.00' })]);

    // The same submit again (a lost answer retried), then three at once (a double click).
    expect(await post(`/api/admin/users/${client.userId}/credit`, body)).toEqual({
      status: 200,
      body: { auditId: entry!.id, repeated: true },
    });
    const racing = { ...body, requestId: randomUUID(), amountCents: 300 };
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/admin/users/${client.userId}/credit`, racing)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.repeated === false)).toHaveLength(1);
    expect((await ledgerOf(client.userId)).filter((e) => e.kind === 'adjustment').map((e) => e.amountCents)).toEqual([500, 300]);
    expect(await auditOf(client.userId)).toHaveLength(2);
    expect((await accountOf(client.userId)).availableCents).toBe(800);
  });

  it('takes credit back only from what the balance can spend, never below zero', async () => {
    const client = await userWith(500);
    const tooMuch = await post(`/api/admin/users/${client.userId}/credit`, {
      requestId: randomUUID(),
      reason: 'Duplicate payment',
      direction: 'take',
      amountCents: 501,
    });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', details: { reason: 'NOT_ENOUGH_CREDIT', spendableCents: 500 } },
    });
    expect(await auditOf(client.userId)).toEqual([]);

    const requestId = randomUUID();
    const taken = await post(`/api/admin/users/${client.userId}/credit`, {
      requestId,
      reason: 'Duplicate payment',
      direction: 'take',
      amountCents: 200,
    });
    expect(taken).toMatchObject({ status: 200, body: { repeated: false } });
    await post(`/api/admin/users/${client.userId}/credit`, { requestId, reason: 'Duplicate payment', direction: 'take', amountCents: 200 });
    expect((await ledgerOf(client.userId)).map((e) => [e.kind, e.amountCents, e.balanceAfterCents])).toEqual([
      ['top_up', 500, 500],
      ['adjustment', -200, 300],
    ]);
    expect(
      (await auditOf(client.userId)).map((e) => [
        e.action,
        (e.before as { availableCents: number }).availableCents,
        (e.after as { availableCents: number }).availableCents,
      ]),
    ).toEqual([['credit_taken', 500, 300]]);
  });

  it('grants free images as one free_grant entry', async () => {
    const client = await userWith(0);
    const requestId = randomUUID();
    const body = { requestId, reason: 'Lost images in an outage', count: 2 };
    expect(await post(`/api/admin/users/${client.userId}/free-images`, body)).toMatchObject({ status: 200, body: { repeated: false } });
    expect(await post(`/api/admin/users/${client.userId}/free-images`, body)).toMatchObject({ status: 200, body: { repeated: true } });
    expect(
      (await ledgerOf(client.userId))
        .filter((e) => e.reference === `operator:${requestId}`)
        .map((e) => [e.kind, e.amountCents, e.freeGenerationsDelta]),
    ).toEqual([['free_grant', 0, 2]]);
    expect(await auditOf(client.userId)).toEqual([
      expect.objectContaining({ action: 'free_images_granted', after: expect.objectContaining({ freeGenerationsLeft: 2 }) }),
    ]);
    expect((await accountOf(client.userId)).freeGenerationsLeft).toBe(2);
  });

  it("refuses an operator's own balance, a request id used for another action, and bad input, writing nothing", async () => {
    const own = await post(`/api/admin/users/${operator.userId}/credit`, {
      requestId: randomUUID(),
      reason: 'Treat myself',
      direction: 'grant',
      amountCents: 100,
    });
    expect(own).toMatchObject({ status: 400, body: { details: { reason: 'OWN_ACCOUNT' } } });
    expect(await ledgerOf(operator.userId)).toEqual([]);

    const client = await userWith(0);
    const requestId = randomUUID();
    await post(`/api/admin/users/${client.userId}/free-images`, { requestId, reason: 'One image', count: 1 });
    const reused = await post(`/api/admin/users/${client.userId}/credit`, {
      requestId,
      reason: 'Other thing',
      direction: 'grant',
      amountCents: 100,
    });
    expect(reused).toMatchObject({ status: 400, body: { details: { reason: 'REQUEST_ID_REUSED' } } });
    for (const invalid of [
      { requestId: randomUUID(), reason: 'no', direction: 'grant', amountCents: 100 },
      { requestId: randomUUID(), reason: 'Too much at once', direction: 'grant', amountCents: 100_001 },
      { requestId: randomUUID(), reason: 'Fractions', direction: 'grant', amountCents: 1.5 },
      { requestId: 'not-a-uuid', reason: 'A good reason', direction: 'grant', amountCents: 100 },
    ]) {
      expect((await post(`/api/admin/users/${client.userId}/credit`, invalid)).status).toBe(400);
    }
    expect(
      (
        await post('/api/admin/users/no-such-user/credit', {
          requestId: randomUUID(),
          reason: 'Nobody',
          direction: 'grant',
          amountCents: 100,
        })
      ).status,
    ).toBe(404);
    expect((await ledgerOf(client.userId)).map((e) => e.kind)).toEqual(['free_grant']);
    expect(await auditOf(client.userId)).toHaveLength(1);
  });
});

describe("an account's access", () => {
  it('is disabled with its sessions ended at once; its sign-ins and API calls are refused with 403; enabled, it signs in again', async () => {
    const client = await userWith(300);
    expect((await client.get('/api/stripe/balance')).status).toBe(200);
    const disabled = await post(`/api/admin/users/${client.userId}/disable`, {
      requestId: randomUUID(),
      reason: 'Card testing from this account',
    });
    expect(disabled).toMatchObject({ status: 200, body: { repeated: false } });

    // Signed out: the session is gone.
    expect((await client.get('/api/stripe/balance')).status).toBe(401);
    expect(await server.deps.db.select().from(sessions).where(eq(sessions.userId, client.userId))).toEqual([]);
    // Refused a new one, by password, with a clear message.
    const signIn = await new TestClient(server.url, server.deps.config.appUrl).post('/api/auth/sign-in/email', {
      email: client.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toEqual({ code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE });
    // A session that slipped in anyway (a sign-in racing the disabling) is refused on every call.
    const token = randomBytes(24).toString('hex');
    await server.deps.db
      .insert(sessions)
      .values({ id: randomUUID(), token, userId: client.userId, expiresAt: new Date(Date.now() + 3_600_000) });
    const racer = new TestClient(server.url, server.deps.config.appUrl);
    racer.headers.Cookie = `photomuse.session_token=${await signed(token)}`;
    const refused = await racer.get('/api/stripe/balance');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE });
    await server.deps.db.delete(sessions).where(eq(sessions.token, token));

    expect(await auditOf(client.userId)).toEqual([
      expect.objectContaining({
        action: 'account_disabled',
        before: { disabled: false, sessions: 1 },
        after: { disabled: true, sessions: 0 },
      }),
    ]);
    const again = await post(`/api/admin/users/${client.userId}/disable`, { requestId: randomUUID(), reason: 'Once more' });
    expect(again).toMatchObject({ status: 400, body: { details: { reason: 'ALREADY_IN_STATE' } } });

    expect(
      await post(`/api/admin/users/${client.userId}/enable`, { requestId: randomUUID(), reason: 'Cleared by the bank' }),
    ).toMatchObject({ status: 200 });
    const back = new TestClient(server.url, server.deps.config.appUrl);
    expect((await back.post('/api/auth/sign-in/email', { email: client.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await back.get('/api/stripe/balance')).status).toBe(200);
    expect((await auditOf(client.userId)).map((e) => e.action)).toEqual(['account_disabled', 'account_enabled']);
  });

  it('gets its confirmation mail again when unconfirmed, and not when confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await server.deps.auth.api.signUpEmail({ body: { email, password: TEST_PASSWORD, name: '', callbackURL: '/studio' } });
    const list = (await (await operator.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as {
      users: { id: string; emailVerified: boolean }[];
    };
    expect(list.users).toEqual([expect.objectContaining({ emailVerified: false })]);
    const userId = list.users[0]!.id;
    const mails = () => server.deps.db.select().from(devMails).where(eq(devMails.to, email));
    await until('the sign-up mail', async () => ((await mails()).length === 1 ? true : undefined));
    expect(
      await post(`/api/admin/users/${userId}/resend-confirmation`, { requestId: randomUUID(), reason: 'Says the mail never came' }),
    ).toMatchObject({ status: 200 });
    await until('the second mail', async () => ((await mails()).length === 2 ? true : undefined));
    expect((await mails()).every((mail) => /\/api\/auth\/verify-email/.test(mail.text))).toBe(true);
    expect(await auditOf(userId)).toEqual([
      expect.objectContaining({ action: 'confirmation_resent', after: { emailVerified: false, mailedTo: email } }),
    ]);

    const confirmed = await userWith(0);
    expect(
      await post(`/api/admin/users/${confirmed.userId}/resend-confirmation`, { requestId: randomUUID(), reason: 'Again' }),
    ).toMatchObject({ status: 400, body: { details: { reason: 'ALREADY_CONFIRMED' } } });
  });
});

async function signed(token: string): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const secret = (await server.deps.auth.$context).secret;
  return encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
}

/** A paid reply whose images the database refuses: the generation fails, and is refunded. */
async function failedGeneration(client: SignedInClient) {
  const sent = await sendMessage(client, `a lighthouse by the sea at dawn ${FAULT}`);
  const { status, body } = await askForReply(client, sent.session_id);
  expect(status).toBe(202);
  const job = await jobSettled(server, body.job_id);
  expect(job.status).toBe('failed');
  // The database refused the outputs (the engine itself made them).
  expect(job.error).toMatch(/^Failed query: /);
  return { jobId: body.job_id, replyMessageId: body.reply_message_id };
}

describe('failed generations', () => {
  it('are run again at no new charge: the images come, and the ledger does not move', async () => {
    const client = await userWith(100);
    const { jobId, replyMessageId } = await failedGeneration(client);
    const settled = await ledgerOf(client.userId);
    expect(settled.map((e) => [e.kind, e.amountCents])).toEqual([
      ['top_up', 100],
      ['usage', -8],
      ['refund', 8],
    ]);
    const listed = (await (await operator.get('/api/admin/jobs')).json()) as { failed: { jobs: { id: string; refunded: boolean }[] } };
    expect(listed.failed.jobs.find((job) => job.id === jobId)).toMatchObject({ refunded: true });
    // The fault is gone; the operator retries.
    await server.deps.db.execute(
      sql`update messages set content_text = 'a lighthouse by the sea at dawn', intent_data = jsonb_set(intent_data, '{instruction}', '"a lighthouse by the sea at dawn"') where id = (select message_id from agent_jobs where id = ${jobId}::uuid)`,
    );
    await server.deps.db.execute(
      sql`update agent_jobs set plan = jsonb_set(plan, '{instruction}', '"a lighthouse by the sea at dawn"') where id = ${jobId}::uuid`,
    );
    const requestId = randomUUID();
    expect(await post(`/api/admin/jobs/${jobId}/retry`, { requestId, reason: 'The storage outage is over' })).toMatchObject({
      status: 200,
      body: { repeated: false },
    });
    expect(await post(`/api/admin/jobs/${jobId}/retry`, { requestId, reason: 'The storage outage is over' })).toMatchObject({
      status: 200,
      body: { repeated: true },
    });
    const rerun = await jobSettled(server, jobId);
    expect(rerun.error).toBeNull();
    expect(rerun.status).toBe('completed');
    const reply = await replyOf(client, replyMessageId);
    expect(reply.processing_status).toBe('completed');
    expect(reply.files.filter((file) => file.isGenerated)).toHaveLength(1);
    expect(await ledgerOf(client.userId)).toEqual(settled);
    expect((await accountOf(client.userId)).availableCents).toBe(100);
    expect(await auditOf(client.userId)).toEqual([
      expect.objectContaining({ action: 'job_retried', targetReference: jobId, after: { status: 'queued', charged: false } }),
    ]);
    // Only a failed generation is retried.
    expect(await post(`/api/admin/jobs/${jobId}/retry`, { requestId: randomUUID(), reason: 'Again' })).toMatchObject({
      status: 400,
      body: { details: { reason: 'JOB_NOT_FAILED' } },
    });
  });

  it('not refunded are refunded once, by one refund entry', async () => {
    const client = await userWith(100);
    const { jobId } = await failedGeneration(client);
    // A failure from before refunds were automatic: no refund entry, the charge still taken.
    await server.deps.db.delete(ledgerEntries).where(and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.reference, jobId)));
    await server.deps.db.update(balanceAccounts).set({ availableCents: 92 }).where(eq(balanceAccounts.userId, client.userId));
    const jobs = (await (await operator.get('/api/admin/jobs')).json()) as {
      failed: { jobs: { id: string; refunded: boolean; userEmail: string }[] };
    };
    expect(jobs.failed.jobs.find((job) => job.id === jobId)).toMatchObject({ refunded: false, userEmail: client.email });

    const requestId = randomUUID();
    const answers = await Promise.all(
      [1, 2].map(() => post(`/api/admin/jobs/${jobId}/refund`, { requestId, reason: 'Failed in the outage' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const refunds = (await ledgerOf(client.userId)).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.amountCents, e.reference])).toEqual([[8, jobId]]);
    expect((await accountOf(client.userId)).availableCents).toBe(100);
    expect(await auditOf(client.userId)).toEqual([
      expect.objectContaining({
        action: 'job_refunded',
        before: expect.objectContaining({ availableCents: 92 }),
        after: expect.objectContaining({ availableCents: 100, refundedCents: 8 }),
      }),
    ]);
    expect(await post(`/api/admin/jobs/${jobId}/refund`, { requestId: randomUUID(), reason: 'Twice' })).toMatchObject({
      status: 400,
      body: { details: { reason: 'NOTHING_TO_REFUND' } },
    });
  });
});

describe('a queue', () => {
  it('paused is left alone by every worker until resumed', async () => {
    const paused = await post('/api/admin/queues/retention/pause', { requestId: randomUUID(), reason: 'Storage maintenance' });
    expect(paused).toMatchObject({ status: 200 });
    try {
      const statusOf = async () =>
        (
          (await (await operator.get('/api/admin/jobs')).json()) as { queues: { name: string; paused: boolean; waiting: number }[] }
        ).queues.find((q) => q.name === 'retention')!;
      expect(await statusOf()).toMatchObject({ paused: true });
      await server.deps.jobs.enqueue(server.deps.db, 'retention', {});
      // Longer than a worker's poll: nobody takes it.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect((await statusOf()).waiting).toBeGreaterThanOrEqual(1);
      expect(await post('/api/admin/queues/retention/pause', { requestId: randomUUID(), reason: 'Twice' })).toMatchObject({
        status: 400,
        body: { details: { reason: 'ALREADY_IN_STATE' } },
      });
    } finally {
      expect(await post('/api/admin/queues/retention/resume', { requestId: randomUUID(), reason: 'Maintenance done' })).toMatchObject({
        status: 200,
      });
    }
    await until('the queued retention job to run', async () => {
      const queue = ((await (await operator.get('/api/admin/jobs')).json()) as { queues: { name: string; waiting: number }[] }).queues.find(
        (q) => q.name === 'retention',
      )!;
      return queue.waiting === 0 ? true : undefined;
    });
    const entries = await server.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetReference, 'retention'))
      .orderBy(desc(auditLog.createdAt))
      .limit(2);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['queue_paused', 'queue_resumed']);
  });
});

describe('the audit log', () => {
  it('cannot be changed or emptied, even by SQL', async () => {
    const client = await userWith(0);
    await post(`/api/admin/users/${client.userId}/free-images`, { requestId: randomUUID(), reason: 'Append-only check', count: 1 });
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/audit_log is append-only/) }) };
    await expect(
      server.deps.db.execute(sql`update audit_log set reason = 'rewritten' where target_user_id = ${client.userId}`),
    ).rejects.toMatchObject(refused);
    await expect(server.deps.db.execute(sql`delete from audit_log where target_user_id = ${client.userId}`)).rejects.toMatchObject(refused);
    await expect(server.deps.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused);
    expect(await auditOf(client.userId)).toEqual([expect.objectContaining({ reason: 'Append-only check' })]);
  });

  it('is searched by words of the reason, an address or an action', async () => {
    const client = await userWith(0);
    const word = `Zebra${randomBytes(3).toString('hex')}`;
    await post(`/api/admin/users/${client.userId}/free-images`, {
      requestId: randomUUID(),
      reason: `Grant for ${word} campaign`,
      count: 1,
    });
    const byWord = (await (await operator.get(`/api/admin/audit?q=${word.toLowerCase()}`)).json()) as {
      entries: { targetEmail: string; action: string }[];
      total: number;
    };
    expect(byWord).toMatchObject({ total: 1, entries: [{ targetEmail: client.email, action: 'free_images_granted' }] });
    const byAddress = (await (
      await operator.get(`/api/admin/audit?q=${encodeURIComponent(client.email)}&action=free_images_granted`)
    ).json()) as { total: number };
    expect(byAddress.total).toBe(1);
    const otherAction = (await (
      await operator.get(`/api/admin/audit?q=${encodeURIComponent(client.email)}&action=credit_granted`)
    ).json()) as { total: number };
    expect(otherAction.total).toBe(0);
    expect((await operator.get('/api/admin/audit?action=rewritten')).status).toBe(400);
  });

  it("is in the data export of the account it concerns, without the operator's address", async () => {
    const client = await userWith(0);
    await post(`/api/admin/users/${client.userId}/credit`, {
      requestId: randomUUID(),
      reason: 'Sorry for the outage',
      direction: 'grant',
      amountCents: 250,
    });
    const response = await client.get('/api/account/export');
    expect(response.status).toBe(200);
    const zip = await yauzl.fromBufferPromise(Buffer.from(await response.arrayBuffer()), { lazyEntries: true });
    let auditJson = '';
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== 'audit-log.json') continue;
      for await (const chunk of await zip.openReadStreamPromise(entry)) auditJson += String(chunk);
    }
    const exported = JSON.parse(auditJson) as Record<string, unknown>[];
    expect(exported).toEqual([
      expect.objectContaining({
        action: 'credit_granted',
        reason: 'Sorry for the outage',
        targetUserId: client.userId,
        after: expect.objectContaining({ availableCents: 250 }),
      }),
    ]);
    expect(auditJson).not.toContain(OPERATOR);
  });
});

describe('the users list', () => {
  it('is searched, sorted and paged by the server', async () => {
    const tag = `pager${randomBytes(3).toString('hex')}`;
    const made: SignedInClient[] = [];
    for (const cents of [300, 100, 200]) made.push(await userWith(cents).then(async (client) => client));
    // Their addresses carry the tag through their names (display names are searched too).
    for (const client of made)
      await server.deps.db.execute(sql`update "user" set name = ${`${tag} ${client.email}`} where id = ${client.userId}`);
    type Page = { users: { id: string; availableCents: number }[]; total: number; page: number; pageSize: number };
    const byBalance = (await (await operator.get(`/api/admin/users?q=${tag}&sort=balance&order=desc`)).json()) as Page;
    expect(byBalance.total).toBe(3);
    expect(byBalance.users.map((u) => u.availableCents)).toEqual([300, 200, 100]);
    const ascending = (await (await operator.get(`/api/admin/users?q=${tag}&sort=balance&order=asc`)).json()) as Page;
    expect(ascending.users.map((u) => u.availableCents)).toEqual([100, 200, 300]);
    // A wildcard typed by the operator is a character, not a wildcard.
    expect(((await (await operator.get(`/api/admin/users?q=${encodeURIComponent(`${tag}%`)}`)).json()) as Page).total).toBe(0);
    const everyone = (await (await operator.get('/api/admin/users?sort=created&order=desc')).json()) as Page;
    expect(everyone.pageSize).toBe(25);
    if (everyone.total > everyone.pageSize) {
      const second = (await (await operator.get('/api/admin/users?sort=created&order=desc&page=2')).json()) as Page;
      expect(second.users.map((u) => u.id)).not.toContain(everyone.users[0]!.id);
    }
    expect((await operator.get('/api/admin/users?sort=password')).status).toBe(400);
    expect((await operator.get('/api/admin/users?page=0')).status).toBe(400);
  });
});

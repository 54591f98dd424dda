import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { signedInUser, TEST_PASSWORD } from '@test/server/signed-in-user';
import { until } from '@test/server/until';
import { startTestServer } from '@test/server/test-server';
import { creditTopUp } from '../billing/billing.repository';
import { askForReply, expectRefundedOnce, ledgerOf, sendMessage } from '@test/server/generation';
import { storedFilesOf } from '@test/server/stored-files';

/**
 * The settlement rule, by fault injection at every step after the charge: whatever fails on the
 * last try — the engine's bytes, storage, the database, the time limit — the job ends failed with
 * exactly one refund and a reply that says so, and the ledger still adds up to the balance.
 * (A worker killed during the last try: generation.worker-crash.int.test.ts.)
 */
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: RunningServer;
let nextPlan: Record<string, unknown>;

const TRIES = 3;
/** Far more than a try takes with the local fake engine; the slow engine below never answers within it. */
const TIME_LIMIT_SECONDS = 3;
const NOT_AN_IMAGE = Buffer.from('<html>502 Bad Gateway</html>').toString('base64');

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.onChat(() => nextPlan);
  // One server: the workers of every server on a database take each other's jobs.
  server = await startTestServer(
    {
      IMAGE_ENGINE: 'openai',
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: 'sk-test',
      FREE_GENERATIONS: '0',
      PRICE_PER_IMAGE_CENTS: '8',
      GENERATION_TIMEOUT_SECONDS: String(TIME_LIMIT_SECONDS),
    },
    { jobPolicyOverrides: { generate: { retryDelaySeconds: 1 } } },
  );
  // The database refuses to store the outputs of a request that says so (a fault in the one
  // statement that completes a job).
  await server.deps.db.execute(sql`
    create or replace function photomuse_test_refuse_outputs() returns trigger language plpgsql as $$
    begin
      if new.content_description like 'FAULT: refuse to store%' then raise exception 'injected fault: cannot store outputs'; end if;
      return new;
    end $$`);
  await server.deps.db.execute(
    sql`create or replace trigger photomuse_test_refuse_outputs before insert on user_files for each row execute function photomuse_test_refuse_outputs()`,
  );
});
afterAll(async () => {
  await server?.deps.db.execute(sql`drop trigger if exists photomuse_test_refuse_outputs on user_files`);
  await server?.deps.db.execute(sql`drop function if exists photomuse_test_refuse_outputs()`);
  await server?.stop();
  await openai?.close();
});
beforeEach(() => {
  openai.reset();
  nextPlan = {
    intent: 'generate',
    sourceImages: 'none',
    instruction: 'A harbour at dawn',
    imageCount: 1,
    aspectRatio: 'unchanged',
    style: null,
  };
});

/** A paying user's message and its paid reply. */
async function paidReply(on: RunningServer, text: string) {
  const client = await signedInUser(on);
  await creditTopUp(on.deps.db, {
    userId: client.userId,
    amountCents: 100,
    reference: `cs_test_${client.userId}`,
    description: 'Test top-up',
  });
  const sessionId = (await sendMessage(client, text)).session_id;
  const { status, body } = await askForReply(client, sessionId);
  expect(status).toBe(202);
  expect(body.price_cents).toBe(8);
  return { client, sessionId, jobId: body.job_id, replyMessageId: body.reply_message_id };
}

const imageCalls = () => openai.received.filter((r) => r.path === '/images/generations');

describe('every failure after the charge ends in exactly one refund', () => {
  it('refunds once when the engine answers bytes that are not an image', async () => {
    const notAnImage = { status: 200, body: { created: 1, data: [{ b64_json: NOT_AN_IMAGE }] } };
    openai.script('/images/generations', notAnImage, notAnImage, notAnImage);
    const reply = await paidReply(server, 'a harbour at dawn');
    const { reply: message } = await expectRefundedOnce(server, reply.client, reply);
    expect(imageCalls()).toHaveLength(TRIES);
    expect(message.contentText).toBe(
      'Sorry, the image could not be made: The image service answered with something that is not an image. The charge was refunded ($0.08 was refunded to your balance).',
    );
    const moves = (await ledgerOf(server, reply.client.userId)).filter((e) => e.kind !== 'free_grant');
    expect(moves.map((e) => [e.kind, e.amountCents])).toEqual(
      expect.arrayContaining([
        ['top_up', 100],
        ['usage', -8],
        ['refund', 8],
      ]),
    );
    expect(moves).toHaveLength(3);
  });

  it('refunds once when storage cannot write the image', async () => {
    const client = await signedInUser(server);
    // Where the user's generated images go is a file, not a folder: every write fails.
    const blocked = path.join(server.deps.config.dataDir, 'storage', 'public', client.userId, 'generated');
    await mkdir(path.dirname(blocked), { recursive: true });
    await writeFile(blocked, 'not a folder');
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 100,
      reference: `cs_test_${client.userId}`,
      description: 'Test top-up',
    });
    const sessionId = (await sendMessage(client, 'a harbour at dawn')).session_id;
    const { body } = await askForReply(client, sessionId);
    const { reply } = await expectRefundedOnce(server, client, { jobId: body.job_id, replyMessageId: body.reply_message_id, sessionId });
    expect(imageCalls()).toHaveLength(TRIES);
    // The cause stays in the logs; the user reads plain words.
    expect(reply.contentText).toBe(
      'Sorry, the image could not be made: something went wrong on our side. The charge was refunded ($0.08 was refunded to your balance).',
    );
  });

  it('refunds once when completing the job fails in the database', async () => {
    nextPlan = { ...nextPlan, instruction: 'FAULT: refuse to store this harbour' };
    const reply = await paidReply(server, 'a harbour at dawn');
    await expectRefundedOnce(server, reply.client, reply);
    expect(imageCalls()).toHaveLength(TRIES);
  });
});

describe('a slow engine', () => {
  it('is aborted at the time limit and called once per try, never twice at once, then refunded once', { timeout: 60_000 }, async () => {
    const hanging = { status: 200, delayMs: 30_000 };
    openai.script('/images/generations', hanging, hanging, hanging);
    const reply = await paidReply(server, 'a harbour at dawn');
    const { reply: message } = await expectRefundedOnce(server, reply.client, reply);
    expect(message.contentText).toMatch(
      /^Sorry, the image could not be made: the image service took too long to answer\. The charge was refunded/,
    );

    const calls = imageCalls();
    expect(calls).toHaveLength(TRIES);
    for (const [index, call] of calls.entries()) {
      // Each call was given up by our side at the time limit (not answered)...
      expect(call.answeredAt).toBeUndefined();
      expect(call.abortedAt! - call.receivedAt).toBeGreaterThan(TIME_LIMIT_SECONDS * 1000 - 1_000);
      expect(call.abortedAt! - call.receivedAt).toBeLessThan(TIME_LIMIT_SECONDS * 1000 + 5_000);
      // ...before the next one was made.
      if (index > 0) expect(call.receivedAt).toBeGreaterThan(calls[index - 1]!.abortedAt!);
    }
  });
});

describe('an account deleted while its image is being made', () => {
  it('keeps no bytes of the image that arrived after the account was gone', { timeout: 30_000 }, async () => {
    // The image service answers after the deletion.
    openai.script('/images/generations', { status: 200, delayMs: 1_500 });
    const reply = await paidReply(server, 'a harbour at dawn');
    await until('the image to be asked for', async () => (imageCalls().length === 1 ? true : undefined), 10_000);

    const deleted = await reply.client.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(deleted.status).toBe(204);

    // The try ends when the queue marks it done: it found its job gone after storing the image.
    await until(
      'the try to end',
      async () => {
        const { rows } = await server.deps.db.execute<{ state: string }>(
          sql`select state from pgboss.job where name = 'generate' and data->>'agentJobId' = ${reply.jobId}`,
        );
        return rows[0] && rows[0].state !== 'active' && rows[0].state !== 'created' && rows[0].state !== 'retry'
          ? rows[0].state
          : undefined;
      },
      20_000,
    );
    expect(imageCalls()[0]!.answeredAt).toBeDefined();
    expect(await storedFilesOf(server, reply.client.userId)).toEqual([]);
  });
});

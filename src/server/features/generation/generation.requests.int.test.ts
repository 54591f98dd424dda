import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWAITING_CREDIT_STATUS, type Message } from '@shared/studio';
import type { RunningServer } from '../../start-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { creditTopUp } from '../billing/billing.repository';
import { askForReply, expectLedgerMatchesBalance, jobSettled, ledgerOf, replyOf, sendMessage } from '@test/server/generation';

/**
 * No lost requests: a message sent the way the web client sends it (request_reply) is answered
 * even if nothing else ever arrives; a reply refused for lack of credit leaves the message in the
 * session, marked, until a Retry after a top-up pays for it — once.
 */
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: RunningServer;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.onChat(() => ({
    intent: 'generate',
    sourceImages: 'none',
    instruction: 'A red kite over a beach',
    imageCount: 1,
    aspectRatio: 'unchanged',
    style: null,
  }));
  server = await startTestServer({
    IMAGE_ENGINE: 'openai',
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: 'sk-test',
    FREE_GENERATIONS: '1',
    PRICE_PER_IMAGE_CENTS: '8',
  });
});
afterAll(async () => {
  await server?.stop();
  await openai?.close();
});

async function messagesOf(client: SignedInClient, sessionId: string): Promise<Message[]> {
  return ((await (await client.get(`/api/sessions/${sessionId}/messages`)).json()) as { messages: Message[] }).messages;
}

describe('a message sent with request_reply', () => {
  it('is answered although no reply request (POST /chat) ever arrives', async () => {
    const client = await signedInUser(server);
    const sent = await sendMessage(client, 'a red kite over a beach', { requestReply: true });
    expect(sent.reply).toMatchObject({ image_count: 1, price_cents: 0 });
    // The client went away here: nothing else is asked.
    const job = await jobSettled(server, sent.reply!.job_id);
    expect(job.status).toBe('completed');
    const reply = await replyOf(client, sent.reply!.reply_message_id);
    expect(reply.processing_status).toBe('completed');
    expect(reply.files).toHaveLength(1);
    // The reply comes after the message it answers.
    expect((await messagesOf(client, sent.session_id)).map((m) => m.role)).toEqual(['user', 'system']);
  });

  it('short of credit, stays in the session awaiting credit, and a Retry after a top-up charges once', async () => {
    const client = await signedInUser(server);
    // The free image goes to a first request.
    const first = await sendMessage(client, 'a lighthouse', { requestReply: true });
    await jobSettled(server, first.reply!.job_id);

    const refused = await sendMessage(client, 'a red kite over a beach', { sessionId: first.session_id, requestReply: true });
    expect(refused.reply).toBeNull();
    expect(refused.reply_error).toEqual({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient credits' });
    expect(refused.message.processing_status).toBe(AWAITING_CREDIT_STATUS);
    // After a reload the request is still there, marked.
    const reloaded = await messagesOf(client, first.session_id);
    expect(reloaded.at(-1)).toMatchObject({ id: refused.message.id, role: 'user', processing_status: AWAITING_CREDIT_STATUS });
    expect((await ledgerOf(server, client.userId)).filter((e) => e.kind === 'usage')).toHaveLength(1);

    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 100,
      reference: `cs_test_${client.userId}`,
      description: 'Test top-up',
    });
    // Retry, pressed twice.
    const [a, b] = await Promise.all([askForReply(client, first.session_id), askForReply(client, first.session_id)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.job_id).toBe(b.body.job_id);
    expect(a.body).toMatchObject({ message_id: refused.message.id, price_cents: 8 });
    expect((await jobSettled(server, a.body.job_id)).status).toBe('completed');

    const usage = (await ledgerOf(server, client.userId)).filter((e) => e.kind === 'usage');
    expect(usage.map((e) => e.amountCents).sort()).toEqual([-8, 0]);
    expect((await messagesOf(client, first.session_id)).find((m) => m.id === refused.message.id)?.processing_status).toBeNull();
    await expectLedgerMatchesBalance(server, client.userId);
  });

  it('a 402 from POST /chat leaves the message awaiting credit', async () => {
    const client = await signedInUser(server);
    // Sent the old way (two calls): the free image is used, then the balance is empty.
    const first = await sendMessage(client, 'a lighthouse');
    await jobSettled(server, (await askForReply(client, first.session_id)).body.job_id);
    const second = await sendMessage(client, 'a windmill', { sessionId: first.session_id });
    const { status, body } = await askForReply(client, first.session_id);
    expect(status).toBe(402);
    expect(body).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect((await messagesOf(client, first.session_id)).at(-1)).toMatchObject({
      id: second.message.id,
      processing_status: AWAITING_CREDIT_STATUS,
    });
  });
});

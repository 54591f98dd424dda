import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchMissedMessages, type CatchUpFetchers } from '@shared/catch-up';
import { messageSchema, messagesListSchema, type Message } from '@shared/studio';
import { agentJobs } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import type { TestClient } from '@test/server/http-client';
import { signedInUser } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { openSessionEvents, send } from '@test/server/sessions';

/**
 * A reply that finishes while a screen's live stream is not listening — between the
 * screen's first fetch and its stream's first "ready", or while the stream is down — announces
 * itself to nobody. The client's catch-up rule (src/shared/catch-up.ts), run against the real
 * server, must still bring it in without a reload.
 *
 * The API runs with WORKER=off, so a reply stays "processing" until the test brings a worker up
 * at the moment it chooses.
 */
let api: RunningServer;

beforeAll(async () => {
  api = await startTestServer({ WORKER: 'off' });
});
afterAll(async () => {
  await api?.stop();
});

/** The fetchers the web client uses, over HTTP with the user's session. */
function fetchersFor(client: TestClient, sessionId: string): CatchUpFetchers {
  return {
    async fetchAfter(after, limit) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (after) query.set('after', after);
      const response = await client.get(`/api/sessions/${sessionId}/messages?${query.toString()}`);
      return messagesListSchema.parse(await response.json()).messages;
    },
    async fetchOne(messageId) {
      const response = await client.get(`/api/messages/${messageId}`);
      if (!response.ok) throw new Error(`message ${messageId}: ${response.status}`);
      return messageSchema.parse(await response.json());
    },
  };
}

async function firstFetch(client: TestClient, sessionId: string): Promise<Message[]> {
  return fetchersFor(client, sessionId).fetchAfter(null, 50);
}

/** Asks for a reply (charged, queued; nobody works on it yet) and answers its job id. */
async function requestReply(client: TestClient, sessionId: string): Promise<{ job_id: string; reply_message_id: string }> {
  const response = await client.post('/api/chat', { session_id: sessionId });
  expect(response.status).toBe(202);
  return (await response.json()) as { job_id: string; reply_message_id: string };
}

/** A worker process's worth of runtime comes up on the same database, settles the job, goes away. */
async function letAWorkerFinish(jobId: string): Promise<void> {
  const worker = await startTestServer({ WORKER: 'inline' });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [job] = await api.deps.db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, jobId));
      if (job?.status === 'completed' || job?.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not settle (status ${job?.status})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await worker.stop();
  }
}

describe('a reply that finishes while the live stream is not listening', () => {
  it('is shown after the stream first connects when it finished after the first fetch', { timeout: 60_000 }, async () => {
    const client = await signedInUser(api);
    const { session_id: sessionId } = await send(client, { session_id: 'new', content_text: 'mountains at sunset' });
    const { job_id: jobId, reply_message_id: replyId } = await requestReply(client, sessionId);

    const held = await firstFetch(client, sessionId);
    expect(held.find((message) => message.id === replyId)?.processing_status).toBe('processing');

    // The stream's connection is delayed until the reply has finished: its event went to nobody.
    await letAWorkerFinish(jobId);
    const events = await openSessionEvents(client, sessionId);
    try {
      await events.next((event) => event.event === 'ready');
      const missed = await fetchMissedMessages(held, fetchersFor(client, sessionId));
      const reply = missed.find((message) => message.id === replyId);
      expect(reply?.processing_status).toBe('completed');
      expect(reply?.files.filter((file) => file.isGenerated)).toHaveLength(1);
    } finally {
      events.close();
    }
  });

  it('is shown after a reconnect, together with the messages written while the stream was down', { timeout: 60_000 }, async () => {
    const client = await signedInUser(api);
    const { session_id: sessionId } = await send(client, { session_id: 'new', content_text: 'a lake under snowy mountains' });
    const { job_id: jobId, reply_message_id: replyId } = await requestReply(client, sessionId);

    const first = await openSessionEvents(client, sessionId);
    await first.next((event) => event.event === 'ready');
    const held = await firstFetch(client, sessionId);
    expect(held.find((message) => message.id === replyId)?.processing_status).toBe('processing');
    first.close();

    // While the stream is down the reply finishes and another tab sends a message.
    await letAWorkerFinish(jobId);
    const { message: written } = await send(client, { session_id: sessionId, content_text: 'thank you' });

    const again = await openSessionEvents(client, sessionId);
    try {
      await again.next((event) => event.event === 'ready');
      const missed = await fetchMissedMessages(held, fetchersFor(client, sessionId));
      expect(missed.find((message) => message.id === replyId)?.processing_status).toBe('completed');
      expect(missed.map((message) => message.id)).toContain(written.id);
    } finally {
      again.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentJobs, messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { send } from '@test/server/sessions';

/**
 * A send repeated after its answer was lost (the connection dropped mid-request,
 * the user pressed Send again) is the same message, charged once — identified by the client's
 * `client_message_id`.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function freeImagesLeft(client: SignedInClient): Promise<number> {
  return ((await (await client.get('/api/stripe/balance')).json()) as { freeGenerationsLeft: number }).freeGenerationsLeft;
}

async function storedMessages(userId: string) {
  return server.deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.role, 'user')));
}

async function jobsOf(messageId: string) {
  return server.deps.db.select({ id: agentJobs.id }).from(agentJobs).where(eq(agentJobs.messageId, messageId));
}

const request = (clientMessageId?: string) => ({
  session_id: 'new',
  content_text: 'a lighthouse at sunset',
  request_reply: true,
  ...(clientMessageId ? { client_message_id: clientMessageId } : {}),
});

describe('a send repeated with the same client message id', () => {
  it('answers with the message already stored, in the same session, and charges once', async () => {
    const user = await signedInUser(server);
    const clientMessageId = randomUUID();
    const first = await send(user, request(clientMessageId));
    const again = await send(user, request(clientMessageId));
    expect(again.message.id).toBe(first.message.id);
    expect(again.session_id).toBe(first.session_id);
    expect(await storedMessages(user.userId)).toHaveLength(1);
    expect(await jobsOf(first.message.id)).toHaveLength(1);
    expect(await freeImagesLeft(user)).toBe(2);
  });

  it('stores one message and charges once when both sends arrive at the same time', async () => {
    const user = await signedInUser(server);
    const clientMessageId = randomUUID();
    const [one, two] = await Promise.all([send(user, request(clientMessageId)), send(user, request(clientMessageId))]);
    expect(two.message.id).toBe(one.message.id);
    expect(two.session_id).toBe(one.session_id);
    expect(await storedMessages(user.userId)).toHaveLength(1);
    expect(await freeImagesLeft(user)).toBe(2);
    // The session made for the losing send was rolled back with it: one session.
    expect(((await (await user.get('/api/sessions')).json()) as { sessions: unknown[] }).sessions).toHaveLength(1);
  });

  it("is another user's own message when they happen to send the same id", async () => {
    const [alice, bob] = [await signedInUser(server), await signedInUser(server)];
    const clientMessageId = randomUUID();
    const fromAlice = await send(alice, request(clientMessageId));
    const fromBob = await send(bob, request(clientMessageId));
    expect(fromBob.message.id).not.toBe(fromAlice.message.id);
    expect(await freeImagesLeft(bob)).toBe(2);
  });

  it('leaves sends without an id as they were: two sends, two messages', async () => {
    const user = await signedInUser(server);
    await send(user, request());
    await send(user, request());
    expect(await storedMessages(user.userId)).toHaveLength(2);
    expect(await freeImagesLeft(user)).toBe(1);
  });
});

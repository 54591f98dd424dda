import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@shared/studio';
import { messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import type { TestClient } from '@test/server/http-client';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { send } from '@test/server/sessions';

/**
 * Reading a conversation backwards: `?before=<message id>&limit=` answers the `limit` messages just
 * older than that message, ascending, so a chat can scroll back to its first message page by page.
 */

let server: RunningServer;
let user: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server);
});
afterAll(() => server?.stop());

async function pageOf(client: TestClient, sessionId: string, query: string): Promise<Message[]> {
  const response = await client.get(`/api/sessions/${sessionId}/messages${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Message[] }).messages;
}

async function sessionOf(count: number): Promise<string> {
  const { session_id: sessionId } = await send(user, { content_text: 'm1' });
  for (let index = 2; index <= count; index++) await send(user, { session_id: sessionId, content_text: `m${index}` });
  return sessionId;
}

describe('reading a conversation backwards with `before`', () => {
  it('pages from the newest message back to the first, each page ascending, none repeated or skipped', async () => {
    const sessionId = await sessionOf(23);
    const read: string[] = [];
    let page = await pageOf(user, sessionId, '?limit=10');
    expect(page.map((m) => m.contentText)).toEqual(['m14', 'm15', 'm16', 'm17', 'm18', 'm19', 'm20', 'm21', 'm22', 'm23']);
    read.unshift(...page.map((m) => m.contentText));
    const pageSizes: number[] = [];
    while (page.length > 0) {
      page = await pageOf(user, sessionId, `?before=${page[0]!.id}&limit=10`);
      pageSizes.push(page.length);
      read.unshift(...page.map((m) => m.contentText));
    }
    // 10 + 10 + 3, then an empty page: the start of the conversation.
    expect(pageSizes).toEqual([10, 3, 0]);
    expect(read).toEqual(Array.from({ length: 23 }, (_, index) => `m${index + 1}`));
  });

  it('orders messages written in the same microsecond by id, so a page boundary between them loses none', async () => {
    const { session_id: sessionId } = await send(user, { content_text: 'first' });
    const at = new Date('2030-01-01T00:00:00.000Z');
    const inserted = await server.deps.db
      .insert(messages)
      .values(
        ['a', 'b', 'c', 'd'].map((text) => ({
          sessionId,
          userId: user.userId,
          role: 'user' as const,
          contentText: `same time ${text}`,
          timestampCreated: at,
        })),
      )
      .returning({ id: messages.id });
    const newest = await pageOf(user, sessionId, '?limit=2');
    const older = await pageOf(user, sessionId, `?before=${newest[0]!.id}&limit=2`);
    const oldest = await pageOf(user, sessionId, `?before=${older[0]!.id}&limit=2`);
    const ids = [...oldest, ...older, ...newest].map((m) => m.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids.slice(1).sort()).toEqual(inserted.map((row) => row.id).sort());
    expect(oldest.map((m) => m.contentText)).toEqual(['first']);
    expect(await pageOf(user, sessionId, `?before=${oldest[0]!.id}&limit=2`)).toEqual([]);
  });

  it("answers 404 for another user's session, and for an anchor that is not a message of this session", async () => {
    const sessionId = await sessionOf(3);
    const [, second] = await pageOf(user, sessionId, '');
    const stranger = await signedInUser(server);
    const strangers = await stranger.get(`/api/sessions/${sessionId}/messages?before=${second!.id}`);
    expect(strangers.status).toBe(404);
    expect(await strangers.json()).toMatchObject({ code: 'NOT_FOUND' });

    // The stranger's own session, anchored on the user's message: nothing of the user's leaks.
    const { session_id: strangerSession } = await send(stranger, { content_text: 'mine' });
    const crossed = await stranger.get(`/api/sessions/${strangerSession}/messages?before=${second!.id}`);
    expect(crossed.status).toBe(404);
    expect(await crossed.json()).toEqual({ code: 'NOT_FOUND', message: 'Message not found', text_code: { code: 'error.messageNotFound' } });

    const otherSessionOfTheUser = await sessionOf(1);
    expect((await user.get(`/api/sessions/${otherSessionOfTheUser}/messages?before=${second!.id}`)).status).toBe(404);
  });

  it('refuses a `before` that is not a message id, and `before` together with `after`, with a validation error', async () => {
    const sessionId = await sessionOf(2);
    const [first] = await pageOf(user, sessionId, '');
    const notAnId = await user.get(`/api/sessions/${sessionId}/messages?before=yesterday`);
    expect(notAnId.status).toBe(400);
    expect(await notAnId.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const both = await user.get(
      `/api/sessions/${sessionId}/messages?before=${first!.id}&after=${encodeURIComponent(first!.timestamp_created)}`,
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers an empty page before the first message: the start of the conversation', async () => {
    const sessionId = await sessionOf(2);
    const [first] = await pageOf(user, sessionId, '');
    expect(await pageOf(user, sessionId, `?before=${first!.id}`)).toEqual([]);
  });
});

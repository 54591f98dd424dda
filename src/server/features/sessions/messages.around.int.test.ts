import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@shared/studio';
import { messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import type { TestClient } from '@test/server/http-client';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { send } from '@test/server/sessions';

/**
 * A link to an old message (a search result, a Library image's chat) opens the chat at that message:
 * `?around=<message id>&limit=` answers the message with its neighbours, ascending, from which the
 * chat pages backwards with `before` and forwards with `after`.
 */

let server: RunningServer;
let user: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
});
// A user per test: each writes a few dozen messages, within the per-minute limit of one user.
beforeEach(async () => {
  user = await signedInUser(server);
});
afterAll(() => server?.stop());

async function pageOf(client: TestClient, sessionId: string, query: string): Promise<Message[]> {
  const response = await client.get(`/api/sessions/${sessionId}/messages${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Message[] }).messages;
}

/** A session of `count` messages m1…m<count>, with all of them in order. */
async function sessionOf(count: number): Promise<{ sessionId: string; all: Message[] }> {
  const { session_id: sessionId } = await send(user, { content_text: 'm1' });
  for (let index = 2; index <= count; index++) await send(user, { session_id: sessionId, content_text: `m${index}` });
  return { sessionId, all: await pageOf(user, sessionId, `?limit=${count}`) };
}

const texts = (page: Message[]) => page.map((m) => m.contentText);

describe('a page around a message', () => {
  it('answers the message with the messages just before and after it, ascending', async () => {
    const { sessionId, all } = await sessionOf(30);
    const m12 = all[11]!;
    // limit 9: 4 older, the anchor, 4 newer.
    expect(texts(await pageOf(user, sessionId, `?around=${m12.id}&limit=9`))).toEqual([
      'm8',
      'm9',
      'm10',
      'm11',
      'm12',
      'm13',
      'm14',
      'm15',
      'm16',
    ]);
    // An even limit leaves the extra place to the newer side.
    expect(texts(await pageOf(user, sessionId, `?around=${m12.id}&limit=4`))).toEqual(['m11', 'm12', 'm13', 'm14']);
    // Near the start the older side is short (the start is on the page); near the end the newer side is.
    expect(texts(await pageOf(user, sessionId, `?around=${all[1]!.id}&limit=9`))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(texts(await pageOf(user, sessionId, `?around=${all[28]!.id}&limit=9`))).toEqual(['m25', 'm26', 'm27', 'm28', 'm29', 'm30']);
    // The default limit (50) holds the whole of this conversation.
    expect(texts(await pageOf(user, sessionId, `?around=${m12.id}`))).toEqual(texts(all));
  });

  it('joins the pages before and after it without a gap or a repeat', async () => {
    const { sessionId, all } = await sessionOf(25);
    const around = await pageOf(user, sessionId, `?around=${all[12]!.id}&limit=5`);
    expect(texts(around)).toEqual(['m11', 'm12', 'm13', 'm14', 'm15']);
    const before = await pageOf(user, sessionId, `?before=${around[0]!.id}&limit=5`);
    const after = await pageOf(user, sessionId, `?after=${encodeURIComponent(around.at(-1)!.timestamp_created)}&limit=5`);
    expect(texts([...before, ...around, ...after])).toEqual(texts(all).slice(5, 20));
  });

  it('orders messages written in the same microsecond by id, each of them once, the anchor among them', async () => {
    const { session_id: sessionId } = await send(user, { content_text: 'first' });
    const at = new Date('2030-01-01T00:00:00.000Z');
    await server.deps.db
      .insert(messages)
      .values(
        ['a', 'b', 'c', 'd', 'e'].map((text) => ({
          sessionId,
          userId: user.userId,
          role: 'user' as const,
          contentText: `same time ${text}`,
          timestampCreated: at,
        })),
      )
      .returning({ id: messages.id });
    const whole = await pageOf(user, sessionId, '');
    const tied = whole.slice(1);
    // Ties are in id order, and the page around the middle one takes exactly its neighbours in that order.
    expect(tied.map((m) => m.id)).toEqual(tied.map((m) => m.id).sort());
    const around = await pageOf(user, sessionId, `?around=${tied[2]!.id}&limit=3`);
    expect(around.map((m) => m.id)).toEqual(tied.slice(1, 4).map((m) => m.id));
    const aroundFirstTied = await pageOf(user, sessionId, `?around=${tied[0]!.id}&limit=5`);
    expect(aroundFirstTied.map((m) => m.id)).toEqual(whole.slice(0, 4).map((m) => m.id));
  });

  it("answers 404 for another user's session, for a message of another session, and for an unknown id", async () => {
    const { sessionId, all } = await sessionOf(3);
    const stranger = await signedInUser(server);
    const strangers = await stranger.get(`/api/sessions/${sessionId}/messages?around=${all[1]!.id}`);
    expect(strangers.status).toBe(404);
    expect(await strangers.json()).toMatchObject({ code: 'NOT_FOUND' });

    // The stranger's own session, anchored on the user's message: nothing of the user's leaks.
    const { session_id: strangerSession } = await send(stranger, { content_text: 'mine' });
    const crossed = await stranger.get(`/api/sessions/${strangerSession}/messages?around=${all[1]!.id}`);
    expect(crossed.status).toBe(404);
    expect(await crossed.json()).toEqual({ code: 'NOT_FOUND', message: 'Message not found' });

    const { sessionId: otherSessionOfTheUser } = await sessionOf(1);
    const otherSession = await user.get(`/api/sessions/${otherSessionOfTheUser}/messages?around=${all[1]!.id}`);
    expect(otherSession.status).toBe(404);
    expect(await otherSession.json()).toEqual({ code: 'NOT_FOUND', message: 'Message not found' });

    const unknown = await user.get(`/api/sessions/${sessionId}/messages?around=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('refuses an `around` that is not a message id, and `around` with `before` or `after`, with a validation error', async () => {
    const { sessionId, all } = await sessionOf(2);
    const [first] = all;
    for (const query of [
      '?around=yesterday',
      `?around=${first!.id}&before=${first!.id}`,
      `?around=${first!.id}&after=${encodeURIComponent(first!.timestamp_created)}`,
    ]) {
      const response = await user.get(`/api/sessions/${sessionId}/messages${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

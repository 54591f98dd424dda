import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsPage, SessionSummary } from '@shared/studio';
import { messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function createSession(client: SignedInClient, name?: string): Promise<SessionSummary> {
  const response = await client.post('/api/sessions', name === undefined ? {} : { session_name: name });
  expect(response.status).toBe(201);
  return (await response.json()) as SessionSummary;
}

/** A message stored as sending one would store it (without starting a reply). */
async function addMessage(client: SignedInClient, sessionId: string, text: string): Promise<void> {
  await server.deps.db.insert(messages).values({ sessionId, userId: client.userId, role: 'user', contentText: text });
}

async function search(client: SignedInClient, q: string, extra = ''): Promise<SessionsPage> {
  const response = await client.get(`/api/sessions?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SessionsPage;
}

describe('session search', () => {
  let owner: SignedInClient;
  let other: SignedInClient;
  beforeAll(async () => {
    [owner, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
  });

  it('finds sessions by any part of their title or of a message, in any case and language', async () => {
    const beach = await createSession(owner, 'Beach portraits');
    const jacket = await createSession(owner);
    await addMessage(owner, jacket.id, 'Make the jacket RED please');
    const russian = await createSession(owner);
    await addMessage(owner, russian.id, 'Сделай куртку синей');
    const mountains = await createSession(owner, 'Mountains');

    expect((await search(owner, 'beach')).sessions.map((s) => s.id)).toEqual([beach.id]);
    expect((await search(owner, 'jacket red')).sessions.map((s) => s.id)).toEqual([jacket.id]);
    expect((await search(owner, 'КУРТК')).sessions.map((s) => s.id)).toEqual([russian.id]);
    // One letter, newest activity first (the Cyrillic а of the Russian request is another letter).
    expect((await search(owner, 'A')).sessions.map((s) => s.id)).toEqual([mountains.id, jacket.id, beach.id]);
    expect((await search(owner, 'nothing like this')).sessions).toEqual([]);
  });

  it("names each result's newest matching message, so the result opens the chat at it (none when only the title matched)", async () => {
    const session = await createSession(owner, 'Wardrobe');
    await addMessage(owner, session.id, 'an old turquoise scarf');
    await addMessage(owner, session.id, 'something else');
    await addMessage(owner, session.id, 'the turquoise scarf again');
    await addMessage(owner, session.id, 'and a hat');
    const page = await server.deps.db.query.messages.findMany({
      where: (m, { eq }) => eq(m.sessionId, session.id),
      orderBy: (m, { asc }) => [asc(m.timestampCreated), asc(m.id)],
    });
    const [result] = (await search(owner, 'TURQUOISE scarf')).sessions;
    expect(result).toMatchObject({ id: session.id, matched_message_id: page[2]!.id });
    const [byTitle] = (await search(owner, 'wardrobe')).sessions;
    expect(byTitle).toMatchObject({ id: session.id, matched_message_id: null });
    // The plain list names none.
    const list = (await (await owner.get('/api/sessions')).json()) as SessionsPage;
    expect(list.sessions.find((s) => s.id === session.id)).not.toHaveProperty('matched_message_id');
  });

  it('takes %, _ and \\ literally', async () => {
    const percent = await createSession(owner, '100% cotton');
    await createSession(owner, '1000 cotton');
    expect((await search(owner, '0% c')).sessions.map((s) => s.id)).toEqual([percent.id]);
    expect((await search(owner, '_')).sessions).toEqual([]);
    expect((await search(owner, '\\')).sessions).toEqual([]);
  });

  it("never finds another user's sessions, by their title or by their messages", async () => {
    const secret = await createSession(other, 'Zebra secret plans');
    await addMessage(other, secret.id, 'a quokka in the snow');
    const own = await createSession(owner);
    // Another user's message, stored against the owner's session, still does not count for the owner.
    await server.deps.db
      .insert(messages)
      .values({ sessionId: own.id, userId: other.userId, role: 'user', contentText: 'a quokka in the snow' });

    expect((await search(owner, 'zebra')).sessions).toEqual([]);
    expect((await search(owner, 'quokka')).sessions).toEqual([]);
    expect((await search(other, 'quokka')).sessions.map((s) => s.id)).toEqual([secret.id]);
  });

  it('pages the results newest first, every match once, to a last page without a cursor', async () => {
    const pager = await signedInUser(server);
    const matches: string[] = [];
    for (let i = 0; i < 7; i++) {
      const session = await createSession(pager, i % 2 === 0 ? `Sunset ${i}` : undefined);
      if (i % 2 === 1) await addMessage(pager, session.id, `a sunset over water, take ${i}`);
      await createSession(pager, `Unrelated ${i}`);
      matches.unshift(session.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: SessionsPage = await search(pager, 'sunset', `&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      sizes.push(page.sessions.length);
      seen.push(...page.sessions.map((s) => s.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(matches);
  });

  it('refuses a blank or too long search with VALIDATION_ERROR', async () => {
    expect((await owner.get('/api/sessions?q=%20%20')).status).toBe(400);
    expect((await owner.get(`/api/sessions?q=${'a'.repeat(101)}`)).status).toBe(400);
  });
});

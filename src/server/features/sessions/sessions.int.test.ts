import type { GenerationPlan } from '@shared/generation';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionDetail, SessionSummary } from '@shared/studio';
import { agentJobs, chatSessions, generatedOutputs, userFiles } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';
import { openSessionEvents, send } from '@test/server/sessions';

/** A job's plan as the schema types it (what the job made does not matter here). */
const STORED_PLAN: GenerationPlan = {
  intent: 'generate',
  instruction: 'a lighthouse',
  imageCount: 1,
  aspectRatio: 'unchanged',
  sourceImages: 'none',
};

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function listSessions(client: TestClient): Promise<SessionSummary[]> {
  const response = await client.get('/api/sessions');
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: SessionSummary[] }).sessions;
}

async function createSession(client: TestClient, body: Record<string, unknown> = {}): Promise<SessionSummary> {
  const response = await client.post('/api/sessions', body);
  expect(response.status).toBe(201);
  return (await response.json()) as SessionSummary;
}

describe('sessions', () => {
  let user: SignedInClient;
  beforeAll(async () => {
    user = await signedInUser(server);
  });

  it('creates sessions, with or without a name, and lists the active ones newest first', async () => {
    const fresh = await signedInUser(server);
    expect(await listSessions(fresh)).toEqual([]);
    const untitled = await createSession(fresh);
    expect(untitled).toMatchObject({ session_name: null, conversation_theme: null, total_messages: 0, thumbnails: [] });
    const named = await createSession(fresh, { session_name: '  Beach edits ' });
    expect(named.session_name).toBe('Beach edits');
    const withoutBody = await fresh.request('/api/sessions', { method: 'POST' });
    expect(withoutBody.status).toBe(201);
    const bare = (await withoutBody.json()) as SessionSummary;
    expect((await listSessions(fresh)).map((s) => s.id)).toEqual([bare.id, named.id, untitled.id]);
    expect(await listSessions(user)).not.toContainEqual(expect.objectContaining({ id: named.id }));
  });

  it('lists a page at a time: every session once, newest activity first, to a last page without a cursor', async () => {
    const many = await signedInUser(server);
    // 30 sessions, three of them with the same activity time (the id decides between them).
    const sameTime = new Date('2026-11-01T10:00:00.123456Z');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await createSession(many, { session_name: `S${i}` })).id);
    await server.deps.db
      .update(chatSessions)
      .set({ updatedAt: sameTime })
      .where(inArray(chatSessions.id, ids.slice(10, 13)));
    const expected = (
      await server.deps.db
        .select({ id: chatSessions.id, at: chatSessions.updatedAt })
        .from(chatSessions)
        .where(eq(chatSessions.userId, many.userId))
    )
      .sort((x, y) => y.at.getTime() - x.at.getTime() || (x.id < y.id ? 1 : -1))
      .map((row) => row.id);

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await many.get(`/api/sessions?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { sessions: SessionSummary[]; next_cursor: string | null };
      seen.push(...page.sessions.map((s) => s.id));
      pageSizes.push(page.sessions.length);
      cursor = page.next_cursor;
    } while (cursor);
    expect(pageSizes).toEqual([7, 7, 7, 7, 2]);
    expect(seen).toEqual(expected);

    // Without a limit, the first page of 24 and the cursor to the rest.
    const first = (await (await many.get('/api/sessions')).json()) as { sessions: SessionSummary[]; next_cursor: string | null };
    expect(first.sessions.map((s) => s.id)).toEqual(expected.slice(0, 24));
    const rest = (await (await many.get(`/api/sessions?cursor=${encodeURIComponent(first.next_cursor!)}`)).json()) as {
      sessions: SessionSummary[];
      next_cursor: string | null;
    };
    expect(rest).toMatchObject({ next_cursor: null });
    expect(rest.sessions.map((s) => s.id)).toEqual(expected.slice(24));

    expect((await many.get('/api/sessions?cursor=not-a-cursor')).status).toBe(400);
    expect((await many.get('/api/sessions?limit=101')).status).toBe(400);
  });

  it('shows up to 4 thumbnails of the latest images, attachments and generated outputs together, each once', async () => {
    const [a, b, c] = [
      await approvedUpload(user, 'Landscape_1.jpg'),
      await approvedUpload(user, 'Portrait_1.jpg'),
      await approvedUpload(user, 'Landscape_3.jpg'),
    ];
    const { session_id: sessionId } = await send(user, { content_text: 'oldest', file_ids: [c.id] });
    const withTwo = await send(user, { session_id: sessionId, content_text: 'two photos', file_ids: [a.id, b.id] });
    // Two generated outputs stamped a little in the future: the newest images of all.
    const base = Date.parse(withTwo.message.timestamp_created);
    const [g1, g2] = await insertGeneratedOutputs(user.userId, sessionId, withTwo.message.id, [
      new Date(base + 60_000),
      new Date(base + 120_000),
    ]);
    // `a` attached a second time: it counts once, at its latest use, which is now newer than b.
    await send(user, { session_id: sessionId, content_text: 'again', file_ids: [a.id] });

    const session = (await listSessions(user)).find((s) => s.id === sessionId)!;
    // c, the oldest of five images, is left out.
    expect(session.thumbnails).toEqual([`/api/files/${g2}`, `/api/files/${g1}`, a.thumbnailUrl, b.thumbnailUrl]);
    expect(session.total_messages).toBe(3);

    const detail = (await (await user.get(`/api/sessions/${sessionId}`)).json()) as SessionDetail;
    expect(detail.thumbnails).toEqual(session.thumbnails);

    const textOnly = await send(user, { content_text: 'no images' });
    expect((await listSessions(user)).find((s) => s.id === textOnly.session_id)!.thumbnails).toEqual([]);
  });

  it('titles a session by the first words of its first request, and keeps a name once it has one', async () => {
    const nameOf = async (sessionId: string) => (await listSessions(user)).find((s) => s.id === sessionId)!.session_name;
    const { session_id: sessionId } = await send(user, { content_text: 'a lighthouse at sunset over a calm sea, please' });
    expect(await nameOf(sessionId)).toBe('A lighthouse at sunset over a');
    const detail = (await (await user.get(`/api/sessions/${sessionId}`)).json()) as SessionDetail;
    expect(detail.session_name).toBe('A lighthouse at sunset over a');
    await send(user, { session_id: sessionId, content_text: 'now make it black and white' });
    expect(await nameOf(sessionId)).toBe('A lighthouse at sunset over a');

    // A photo without words leaves the session unnamed; its first words name it.
    const photo = await approvedUpload(user, 'Portrait_1.jpg');
    const { session_id: photoSession } = await send(user, { file_ids: [photo.id] });
    expect(await nameOf(photoSession)).toBeNull();
    await send(user, { session_id: photoSession, content_text: 'make the jacket red' });
    expect(await nameOf(photoSession)).toBe('Make the jacket red');

    // A name the user chose stays, whatever is asked next; it can still be renamed.
    const named = await createSession(user, { session_name: 'Holiday' });
    await send(user, { session_id: named.id, content_text: 'put me on a beach' });
    expect(await nameOf(named.id)).toBe('Holiday');
    expect((await user.request(`/api/sessions/${sessionId}`, { method: 'PATCH', json: { session_name: 'Lighthouse' } })).status).toBe(200);
    await send(user, { session_id: sessionId, content_text: 'add a boat' });
    expect(await nameOf(sessionId)).toBe('Lighthouse');
  });

  it('renames a session, refusing an empty name and another user’s session', async () => {
    const session = await createSession(user);
    const renamed = await user.request(`/api/sessions/${session.id}`, { method: 'PATCH', json: { session_name: 'Sunset set' } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: session.id, session_name: 'Sunset set' });
    expect((await listSessions(user)).find((s) => s.id === session.id)!.session_name).toBe('Sunset set');

    const empty = await user.request(`/api/sessions/${session.id}`, { method: 'PATCH', json: { session_name: '   ' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'session_name', message: 'Session name is required' }] },
    });

    const stranger = await signedInUser(server);
    const theirs = await stranger.request(`/api/sessions/${session.id}`, { method: 'PATCH', json: { session_name: 'Mine now' } });
    expect(theirs.status).toBe(404);
    expect((await listSessions(user)).find((s) => s.id === session.id)!.session_name).toBe('Sunset set');
  });

  it('soft-deletes: the session leaves the list and its messages answer 404, the row stays', async () => {
    const { session_id: sessionId, message } = await send(user, { content_text: 'to be deleted' });
    const stranger = await signedInUser(server);
    expect((await stranger.request(`/api/sessions/${sessionId}`, { method: 'DELETE' })).status).toBe(404);

    const deleted = await user.request(`/api/sessions/${sessionId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await listSessions(user)).map((s) => s.id)).not.toContain(sessionId);
    for (const path of [
      `/api/sessions/${sessionId}`,
      `/api/sessions/${sessionId}/messages`,
      `/api/messages/${message.id}`,
      `/api/sessions/${sessionId}/events`,
    ]) {
      const response = await user.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await user.request(`/api/sessions/${sessionId}`, { method: 'DELETE' })).status).toBe(404);
    const [row] = await server.deps.db.select({ isActive: chatSessions.isActive }).from(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(row).toEqual({ isActive: false });
  });

  it('reports the status of the latest generation job', async () => {
    const { session_id: sessionId, message } = await send(user, { content_text: 'status please' });
    const statusOf = async () => ((await (await user.get(`/api/sessions/${sessionId}`)).json()) as SessionDetail).status;
    expect(await statusOf()).toBe('idle');
    const [job] = await server.deps.db
      .insert(agentJobs)
      .values({
        userId: user.userId,
        sessionId,
        messageId: message.id,
        status: 'queued',
        engine: 'local',
        plan: STORED_PLAN,
        imageCount: 1,
        priceCents: 8,
      })
      .returning({ id: agentJobs.id });
    expect(await statusOf()).toBe('processing');
    for (const [jobStatus, shown] of [
      ['processing', 'processing'],
      ['completed', 'completed'],
      ['failed', 'error'],
    ] as const) {
      await server.deps.db.update(agentJobs).set({ status: jobStatus }).where(eq(agentJobs.id, job!.id));
      expect(await statusOf()).toBe(shown);
    }
    // The latest job decides: a new request after a failure is processing again.
    const { message: next } = await send(user, { session_id: sessionId, content_text: 'try again' });
    await server.deps.db.insert(agentJobs).values({
      userId: user.userId,
      sessionId,
      messageId: next.id,
      status: 'queued',
      engine: 'local',
      plan: STORED_PLAN,
      imageCount: 1,
      priceCents: 8,
    });
    expect(await statusOf()).toBe('processing');
  });

  it('answers 404 for another user’s session and asks anonymous callers to log in', async () => {
    const session = await createSession(user);
    const stranger = await signedInUser(server);
    const response = await stranger.get(`/api/sessions/${session.id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Chat session not found',
      text_code: { code: 'error.sessionNotFound' },
    });

    const anonymous = new TestClient(server.url, server.deps.config.appUrl);
    const list = await anonymous.get('/api/sessions');
    expect(list.status).toBe(401);
    expect(await list.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'User must be logged in to get chat sessions',
      text_code: { code: 'error.signInRequired' },
    });
    const create = await anonymous.post('/api/sessions', {});
    expect(await create.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'User must be logged in to create chat session',
      text_code: { code: 'error.signInRequired' },
    });
    const remove = await anonymous.request(`/api/sessions/${session.id}`, { method: 'DELETE' });
    expect(await remove.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'User must be logged in to delete chat sessions',
      text_code: { code: 'error.signInRequired' },
    });
  });
});

describe('the event stream', () => {
  it('ends open streams when the server shuts down, so it stops promptly', async () => {
    const own = await startTestServer();
    try {
      const user = await signedInUser(own);
      const session = await createSession(user);
      const events = await openSessionEvents(user, session.id);
      await events.next((e) => e.event === 'ready');
      await own.stop();
      await events.ended;
    } finally {
      await own.stop();
    }
  });
});

/** Outputs of a generation job for a message, as the generation worker stores them. */
async function insertGeneratedOutputs(userId: string, sessionId: string, messageId: string, times: Date[]): Promise<string[]> {
  const { db } = server.deps;
  const [job] = await db
    .insert(agentJobs)
    .values({
      userId,
      sessionId,
      messageId,
      status: 'completed',
      engine: 'local',
      plan: STORED_PLAN,
      imageCount: times.length,
      priceCents: 8 * times.length,
    })
    .returning({ id: agentJobs.id });
  const ids: string[] = [];
  for (const [position, uploadTimestamp] of times.entries()) {
    const id = crypto.randomUUID();
    await db.insert(userFiles).values({
      id,
      userId,
      originalFilename: 'generated.png',
      storedFilename: `public/${userId}/generated/${id}.png`,
      fileUrl: `/api/files/${id}`,
      mimeType: 'image/png',
      fileSizeBytes: 10,
      isGenerated: true,
      verifiedEnum: 'approved',
      uploadTimestamp,
    });
    await db.insert(generatedOutputs).values({ jobId: job!.id, fileId: id, position });
    ids.push(id);
  }
  return ids;
}

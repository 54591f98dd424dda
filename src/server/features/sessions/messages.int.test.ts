import type { GenerationPlan } from '@shared/generation';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, SessionSummary, UserFile } from '@shared/studio';
import { agentJobs, chatSessions, generatedOutputs, messages, userFiles } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { openSessionEvents, send } from '@test/server/sessions';
import { approvedUpload } from '@test/server/uploads';

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

async function sessionsOf(client: TestClient): Promise<SessionSummary[]> {
  return ((await (await client.get('/api/sessions')).json()) as { sessions: SessionSummary[] }).sessions;
}

async function messagesOf(client: TestClient, sessionId: string, query = ''): Promise<Message[]> {
  const response = await client.get(`/api/sessions/${sessionId}/messages${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Message[] }).messages;
}

async function messageCountOf(userId: string): Promise<number> {
  return (await server.deps.db.select({ id: messages.id }).from(messages).where(eq(messages.userId, userId))).length;
}

describe('sending a message', () => {
  let user: SignedInClient;
  let photos: UserFile[];
  beforeAll(async () => {
    user = await signedInUser(server);
    photos = [];
    for (const name of ['Landscape_1.jpg', 'Portrait_1.jpg', 'Landscape_3.jpg', 'Portrait_3.jpg', 'Landscape_6.jpg', 'Portrait_6.jpg'])
      photos.push(await approvedUpload(user, name));
  });

  it("creates the session, the message and its attachments together for session 'new'", async () => {
    const result = await send(user, { session_id: 'new', content_text: 'Make the sky pink', file_ids: [photos[0]!.id, photos[1]!.id] });
    expect(result.message).toMatchObject({
      session_id: result.session_id,
      contentText: 'Make the sky pink',
      role: 'user',
      user_id: user.userId,
      parent_message_id: null,
      intent_data: null,
      context_references: null,
    });
    expect(result.message.files).toEqual([
      {
        id: photos[0]!.id,
        fileUrl: photos[0]!.file_url,
        thumbnailUrl: photos[0]!.thumbnailUrl,
        originalFilename: 'Landscape_1.jpg',
        isGenerated: false,
        expired: false,
        contentDescription: '',
        version: 0,
        engine: null,
        width: photos[0]!.width,
        height: photos[0]!.height,
      },
      {
        id: photos[1]!.id,
        fileUrl: photos[1]!.file_url,
        thumbnailUrl: photos[1]!.thumbnailUrl,
        originalFilename: 'Portrait_1.jpg',
        isGenerated: false,
        expired: false,
        contentDescription: '',
        version: 0,
        engine: null,
        width: photos[1]!.width,
        height: photos[1]!.height,
      },
    ]);
    const session = (await sessionsOf(user)).find((s) => s.id === result.session_id);
    expect(session).toMatchObject({ session_name: 'Make the sky pink', total_messages: 1 });
    expect(await messagesOf(user, result.session_id)).toEqual([result.message]);
  });

  it('adds to an existing session, counting the message and moving the session to the top', async () => {
    const first = await send(user, { content_text: 'First' });
    const older = await send(user, { content_text: 'Another session' });
    expect((await sessionsOf(user))[0]!.id).toBe(older.session_id);

    const second = await send(user, { session_id: first.session_id, content_text: 'Second', file_ids: [photos[2]!.id] });
    expect(second.session_id).toBe(first.session_id);
    const [top] = await sessionsOf(user);
    expect(top).toMatchObject({ id: first.session_id, total_messages: 2 });
    expect(Date.parse(top!.updated_at)).toBeGreaterThan(Date.parse(top!.created_at));
    expect((await messagesOf(user, first.session_id)).map((m) => m.contentText)).toEqual(['First', 'Second']);
  });

  it('accepts 500 characters and refuses 501 with the spec message, storing nothing', async () => {
    const before = await messageCountOf(user.userId);
    const tooLong = await user.post('/api/messages', { session_id: 'new', content_text: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'content_text', message: 'Messages can be at most 500 characters' }] },
    });
    expect(await messageCountOf(user.userId)).toBe(before);
    await send(user, { content_text: 'x'.repeat(500) });
  });

  it('refuses a sixth attachment with the spec message', async () => {
    const before = await messageCountOf(user.userId);
    const response = await user.post('/api/messages', { content_text: 'six', file_ids: photos.map((p) => p.id) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'file_ids', message: 'Maximum 5 files allowed' }] },
    });
    expect(await messageCountOf(user.userId)).toBe(before);
    expect((await send(user, { content_text: 'five', file_ids: photos.slice(0, 5).map((p) => p.id) })).message.files).toHaveLength(5);
  });

  it('refuses an empty message without images', async () => {
    const response = await user.post('/api/messages', { content_text: '   ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'content_text', message: 'Write a message or attach an image' }] },
    });
  });

  it("answers 404 for another user's file and creates no session", async () => {
    const stranger = await signedInUser(server);
    const theirs = await approvedUpload(stranger, 'Portrait_8.jpg');
    const sessionsBefore = (await sessionsOf(user)).length;
    const response = await user.post('/api/messages', { session_id: 'new', content_text: 'steal', file_ids: [photos[0]!.id, theirs.id] });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found', text_code: { code: 'error.fileNotFound' } });
    expect(await sessionsOf(user)).toHaveLength(sessionsBefore);
  });

  it('refuses a rejected or a still pending image with 400 and creates no session', async () => {
    const rejectedId = crypto.randomUUID();
    await server.deps.db.insert(userFiles).values({
      id: rejectedId,
      userId: user.userId,
      originalFilename: 'bad.jpg',
      storedFilename: `public/${user.userId}/uploaded-photos/${Date.now()}-bad.jpg`,
      fileUrl: `/api/files/${rejectedId}`,
      mimeType: 'image/jpeg',
      fileSizeBytes: 1,
      verifiedEnum: 'rejected',
    });
    const sessionsBefore = (await sessionsOf(user)).length;
    const rejected = await user.post('/api/messages', { session_id: 'new', content_text: 'edit', file_ids: [rejectedId] });
    expect(rejected.status).toBe(400);
    expect(await rejected.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Image "bad.jpg" is not allowed and cannot be attached.',
      text_code: { code: 'error.imageNotAllowed', params: { name: 'bad.jpg' } },
    });

    // A file whose verdict is not written yet, as right after its upload.
    const pendingId = crypto.randomUUID();
    await server.deps.db.insert(userFiles).values({
      id: pendingId,
      userId: user.userId,
      originalFilename: 'waiting.jpg',
      storedFilename: `public/${user.userId}/uploaded-photos/${Date.now()}-waiting.jpg`,
      fileUrl: `/api/files/${pendingId}`,
      mimeType: 'image/jpeg',
      fileSizeBytes: 1,
    });
    const pending = await user.post('/api/messages', { session_id: 'new', content_text: 'edit', file_ids: [pendingId] });
    expect(pending.status).toBe(400);
    expect(await pending.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Image "waiting.jpg" is still being checked. Send it once it is ready.',
      text_code: { code: 'error.imageBeingChecked', params: { name: 'waiting.jpg' } },
    });
    expect(await sessionsOf(user)).toHaveLength(sessionsBefore);
  });

  it("answers 404 when posting to another user's session or a deleted one", async () => {
    const stranger = await signedInUser(server);
    const theirs = await send(stranger, { content_text: 'mine' });
    const response = await user.post('/api/messages', { session_id: theirs.session_id, content_text: 'hello' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Chat session not found',
      text_code: { code: 'error.sessionNotFound' },
    });
    expect(await messagesOf(stranger, theirs.session_id)).toHaveLength(1);

    const mine = await send(user, { content_text: 'soon gone' });
    expect((await user.request(`/api/sessions/${mine.session_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await user.post('/api/messages', { session_id: mine.session_id, content_text: 'still there?' })).status).toBe(404);
  });

  it('says the user must be logged in to send messages', async () => {
    const response = await new TestClient(server.url, server.deps.config.appUrl).post('/api/messages', { content_text: 'hi' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'User must be logged in to send messages',
      text_code: { code: 'error.signInRequired' },
    });
  });
});

describe('reading messages', () => {
  let user: SignedInClient;
  beforeAll(async () => {
    user = await signedInUser(server);
  });

  it('maps files as attachments followed by the generated outputs of the reply', async () => {
    const photo = await approvedUpload(user);
    const { session_id: sessionId, message: asked } = await send(user, { content_text: 'Two versions please', file_ids: [photo.id] });
    const { reply, outputs } = await insertGeneratedReply(user.userId, sessionId, asked.id, 2);

    const listed = await messagesOf(user, sessionId);
    expect(listed.map((m) => [m.role, m.contentText])).toEqual([
      ['user', 'Two versions please'],
      ['system', 'Here you go'],
    ]);
    expect(listed[0]!.files.map((f) => f.id)).toEqual([photo.id]);
    expect(listed[1]!.files).toEqual(
      outputs.map((id) => ({
        id,
        fileUrl: `/api/files/${id}`,
        thumbnailUrl: `/api/files/${id}`,
        originalFilename: 'generated.png',
        isGenerated: true,
        expired: false,
        contentDescription: '',
        version: 0,
        engine: { kind: 'local', model: null },
        width: null,
        height: null,
      })),
    );

    const one = await user.get(`/api/messages/${reply}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(listed[1]);
  });

  it('returns only what came after a timestamp (exclusive), in time order, at most `limit`', async () => {
    const { session_id: sessionId } = await send(user, { content_text: 'm1' });
    for (const text of ['m2', 'm3', 'm4']) await send(user, { session_id: sessionId, content_text: text });
    const all = await messagesOf(user, sessionId);
    expect(all.map((m) => m.contentText)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(all[0]!.timestamp_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const after = encodeURIComponent(all[1]!.timestamp_created);
    expect((await messagesOf(user, sessionId, `?after=${after}`)).map((m) => m.contentText)).toEqual(['m3', 'm4']);
    expect((await messagesOf(user, sessionId, `?after=${after}&limit=1`)).map((m) => m.contentText)).toEqual(['m3']);
    // Without a cursor a long chat opens at its end.
    expect((await messagesOf(user, sessionId, '?limit=2')).map((m) => m.contentText)).toEqual(['m3', 'm4']);

    const tooMany = await user.get(`/api/sessions/${sessionId}/messages?limit=101`);
    expect(tooMany.status).toBe(400);
    const badCursor = await user.get(`/api/sessions/${sessionId}/messages?after=yesterday`);
    expect(badCursor.status).toBe(400);
  });

  it("answers 404 for another user's session and message, and asks anonymous readers to log in", async () => {
    const { session_id: sessionId, message } = await send(user, { content_text: 'private' });
    const stranger = await signedInUser(server);
    expect((await stranger.get(`/api/sessions/${sessionId}/messages`)).status).toBe(404);
    expect((await stranger.get(`/api/messages/${message.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/sessions/${sessionId}/events`)).status).toBe(404);

    const anonymous = await new TestClient(server.url).get(`/api/sessions/${sessionId}/messages`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'User must be logged in to get messages',
      text_code: { code: 'error.signInRequired' },
    });
  });
});

describe('realtime', () => {
  let laptop: SignedInClient;
  let phone: TestClient;
  beforeAll(async () => {
    laptop = await signedInUser(server);
    // The same account signed in on a second device.
    phone = new TestClient(server.url, server.deps.config.appUrl);
    const signIn = await phone.post('/api/auth/sign-in/email', { email: laptop.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it("shows each browser the other's messages as they are sent", async () => {
    const { session_id: sessionId } = await send(laptop, { content_text: 'start' });
    const [onLaptop, onPhone] = await Promise.all([openSessionEvents(laptop, sessionId), openSessionEvents(phone, sessionId)]);
    try {
      expect(onLaptop.response.headers.get('content-type')).toBe('text/event-stream');
      for (const stream of [onLaptop, onPhone])
        expect(JSON.parse((await stream.next((e) => e.event === 'ready')).data)).toEqual({ session_id: sessionId });

      const fromPhone = await send(phone, { session_id: sessionId, content_text: 'sent from the phone' });
      const fromLaptop = await send(laptop, { session_id: sessionId, content_text: 'sent from the laptop' });
      for (const stream of [onLaptop, onPhone]) {
        for (const sent of [fromPhone, fromLaptop]) {
          const event = await stream.next((e) => e.event === 'message' && JSON.parse(e.data).id === sent.message.id);
          expect(JSON.parse(event.data)).toEqual({ id: sent.message.id, type: 'message.created' });
        }
      }
      // What the event points at is what the other browser then fetches.
      const fetched = (await (await laptop.get(`/api/messages/${fromPhone.message.id}`)).json()) as Message;
      expect(fetched.contentText).toBe('sent from the phone');
    } finally {
      onLaptop.close();
      onPhone.close();
    }
  });

  it('returns a message written while the browser was offline from GET messages?after=<last timestamp>', async () => {
    const { session_id: sessionId } = await send(laptop, { content_text: 'before going offline' });
    const stream = await openSessionEvents(laptop, sessionId);
    await stream.next((e) => e.event === 'ready');
    const seen = await messagesOf(laptop, sessionId);
    const lastTimestamp = seen.at(-1)!.timestamp_created;
    stream.close();
    await stream.ended;

    const whileAway = await send(phone, { session_id: sessionId, content_text: 'written while the laptop was offline' });

    const again = await openSessionEvents(laptop, sessionId);
    try {
      await again.next((e) => e.event === 'ready');
      const missed = await messagesOf(laptop, sessionId, `?after=${encodeURIComponent(lastTimestamp)}&limit=100`);
      expect(missed.map((m) => m.id)).toEqual([whileAway.message.id]);
    } finally {
      again.close();
    }
  });
});

/** The generation worker's result for a message: a system reply linked to a job with outputs. */
async function insertGeneratedReply(userId: string, sessionId: string, messageId: string, count: number) {
  const { db, storage } = server.deps;
  return db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(messages)
      .values({ sessionId, userId, role: 'system', contentText: 'Here you go' })
      .returning({ id: messages.id });
    const [job] = await tx
      .insert(agentJobs)
      .values({
        userId,
        sessionId,
        messageId,
        resultMessageId: reply!.id,
        status: 'completed',
        engine: 'local',
        plan: STORED_PLAN,
        imageCount: count,
        priceCents: 8 * count,
      })
      .returning({ id: agentJobs.id });
    const outputs: string[] = [];
    for (let position = 0; position < count; position++) {
      const id = crypto.randomUUID();
      const key = `public/${userId}/generated/${Date.now()}-${id}.png`;
      await storage.put(
        key,
        await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0c' } })
          .png()
          .toBuffer(),
      );
      await tx.insert(userFiles).values({
        id,
        userId,
        originalFilename: 'generated.png',
        storedFilename: key,
        fileUrl: `/api/files/${id}`,
        mimeType: 'image/png',
        fileSizeBytes: 10,
        isGenerated: true,
        verifiedEnum: 'approved',
      });
      await tx.insert(generatedOutputs).values({ jobId: job!.id, fileId: id, position });
      outputs.push(id);
    }
    await tx.update(chatSessions).set({ totalMessages: 2 }).where(eq(chatSessions.id, sessionId));
    return { reply: reply!.id, outputs };
  });
}

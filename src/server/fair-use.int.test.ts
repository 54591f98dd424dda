import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentJobs, chatSessions, messages, userFiles } from './db/schema';
import { fixture } from '@test/server/images';
import { uploadBytes } from '@test/server/uploads';
import { loadConfig } from './lib/env';
import type { RunningServer } from './start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/**
 * Fair use: one user's uploads and generation requests are limited per minute, counted in the
 * database, and answered 429 with the spec's text before any work is done; other users are not
 * affected. (Small limits here, so the test stays quick; the defaults are checked below.)
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_UPLOADS_PER_MINUTE: '3',
    RATE_LIMIT_GENERATIONS_PER_MINUTE: '2',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '4',
  });
});
afterAll(() => server?.stop());

const TOO_MANY = {
  code: 'RATE_LIMIT_EXCEEDED',
  message: 'Too many requests. Please try again later.',
  text_code: { code: 'error.tooManyRequests' },
};

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual(TOO_MANY);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
}

const filesOf = async (user: SignedInClient) =>
  (await server.deps.db.select({ id: userFiles.id }).from(userFiles).where(eq(userFiles.userId, user.userId))).length;

describe('fair use', () => {
  it('answers the upload over the per-minute limit with 429, storing nothing, while other users go on', async () => {
    const photo = fixture('photos/Landscape_1.jpg');
    const [busy, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
    for (let i = 0; i < 3; i++) expect((await uploadBytes(busy, photo, `photo-${i}.jpg`)).status).toBe(201);
    await expectTooMany(await uploadBytes(busy, photo, 'one-too-many.jpg'));
    expect(await filesOf(busy)).toBe(3);

    expect((await uploadBytes(other, photo, 'mine.jpg')).status).toBe(201);
  });

  it('answers the generation request over the per-minute limit with 429, planning and charging nothing', async () => {
    const [busy, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
    const ask = async (client: SignedInClient, text: string) => {
      const { id } = (await (await client.post('/api/sessions', {})).json()) as { id: string };
      expect((await client.post('/api/messages', { session_id: id, content_text: text })).status).toBe(201);
      return client.post('/api/chat', { session_id: id });
    };
    expect((await ask(busy, 'a lighthouse at dusk')).status).toBe(202);
    expect((await ask(busy, 'a cat in a hat')).status).toBe(202);
    await expectTooMany(await ask(busy, 'a third picture'));
    const jobs = await server.deps.db.select({ id: agentJobs.id }).from(agentJobs).where(eq(agentJobs.userId, busy.userId));
    expect(jobs).toHaveLength(2);
    const balance = (await (await busy.get('/api/stripe/balance')).json()) as { freeGenerationsLeft: number };
    expect(balance.freeGenerationsLeft).toBe(1);

    // The draft price stays available, and another user's request goes through.
    expect((await busy.get('/api/chat/quote?text=a%20dog')).status).toBe(200);
    expect((await ask(other, 'a lighthouse at dusk')).status).toBe(202);
  });

  it('counts a message sent with its reply request as a generation request, and a plain message not', async () => {
    const busy = await signedInUser(server);
    const sendAndAsk = (text: string) => busy.post('/api/messages', { session_id: 'new', content_text: text, request_reply: true });
    expect((await sendAndAsk('a red house on a hill')).status).toBe(201);
    expect((await sendAndAsk('a boat on a calm lake')).status).toBe(201);
    await expectTooMany(await sendAndAsk('a third picture'));
    const jobs = await server.deps.db.select({ id: agentJobs.id }).from(agentJobs).where(eq(agentJobs.userId, busy.userId));
    expect(jobs).toHaveLength(2);
    // Nothing was stored for the refused request: no third session, no third message.
    expect(
      await server.deps.db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.userId, busy.userId)),
    ).toHaveLength(2);
    expect(
      await server.deps.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.userId, busy.userId), eq(messages.role, 'user'))),
    ).toHaveLength(2);
    // A message without a reply request is not a generation and still goes through.
    expect((await busy.post('/api/messages', { session_id: 'new', content_text: 'just a note' })).status).toBe(201);
  });

  it('answers the message over the per-minute limit with 429, storing nothing, messages that ask for no reply included', async () => {
    const [busy, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
    const note = (client: SignedInClient, text: string) => client.post('/api/messages', { session_id: 'new', content_text: text });
    for (let index = 1; index <= 4; index++) expect((await note(busy, `note ${index}`)).status).toBe(201);
    await expectTooMany(await note(busy, 'one note too many'));
    // A message asking for a reply counts as well (and is refused before it is planned or charged).
    await expectTooMany(await busy.post('/api/messages', { session_id: 'new', content_text: 'a picture too many', request_reply: true }));
    expect(await server.deps.db.select({ id: messages.id }).from(messages).where(eq(messages.userId, busy.userId))).toHaveLength(4);
    expect(await server.deps.db.select({ id: agentJobs.id }).from(agentJobs).where(eq(agentJobs.userId, busy.userId))).toHaveLength(0);

    expect((await note(other, 'mine goes through')).status).toBe(201);
  });

  it('allows 30 uploads, 10 generation requests and 60 messages a minute by default', () => {
    expect(loadConfig({}).fairUse).toEqual({ uploadsPerMinute: 30, generationsPerMinute: 10, messagesPerMinute: 60 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { openSessionEvents, send, type EventStreamReader } from '@test/server/sessions';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/**
 * One user cannot hold more event streams than EVENT_STREAMS_PER_USER (here 3): the oldest is
 * closed, with a reason the client acts on. A stream also ends with the sign-in session it was
 * opened with: signed out, revoked by a password change, or the account deleted.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ EVENT_STREAMS_PER_USER: '3' });
});
afterAll(() => server?.stop());

const opened: EventStreamReader[] = [];
afterAll(() => opened.forEach((stream) => stream.close()));

async function newSession(client: SignedInClient): Promise<string> {
  return (await send(client, { session_id: 'new', content_text: 'hello', file_ids: [] })).session_id;
}

async function liveStream(client: TestClient, sessionId: string): Promise<EventStreamReader> {
  const stream = await openSessionEvents(client, sessionId);
  opened.push(stream);
  expect(stream.response.status).toBe(200);
  await stream.next((event) => event.event === 'ready');
  return stream;
}

const closedBecause = async (stream: EventStreamReader) =>
  JSON.parse((await stream.next((event) => event.event === 'closed')).data) as { reason: string };

/** Whether the stream still delivers: a message sent now reaches it. */
async function delivers(stream: EventStreamReader, client: SignedInClient, sessionId: string): Promise<boolean> {
  const { message } = await send(client, { session_id: sessionId, content_text: 'are you there?', file_ids: [] });
  return stream
    .next((event) => event.event === 'message' && event.data.includes(message.id), 5_000)
    .then(
      () => true,
      () => false,
    );
}

describe('event streams per user', () => {
  it("closes the user's oldest stream beyond the cap with too-many-streams, and no other stream", async () => {
    const client = await signedInUser(server);
    const other = await signedInUser(server);
    const sessionId = await newSession(client);
    const othersSessionId = await newSession(other);
    const othersStream = await liveStream(other, othersSessionId);

    const streams = [await liveStream(client, sessionId), await liveStream(client, sessionId), await liveStream(client, sessionId)];
    const fourth = await liveStream(client, sessionId);
    expect(await closedBecause(streams[0]!)).toEqual({ reason: 'too-many-streams' });
    await streams[0]!.ended;

    for (const stream of [streams[1]!, streams[2]!, fourth]) expect(await delivers(stream, client, sessionId)).toBe(true);
    expect(await delivers(othersStream, other, othersSessionId)).toBe(true);
    // Another session's streams of the same user count too: one more closes the next oldest.
    await liveStream(client, await newSession(client));
    expect(await closedBecause(streams[1]!)).toEqual({ reason: 'too-many-streams' });
  });
});

describe('a stream and the sign-in session it was opened with', () => {
  it('ends when that session signs out', async () => {
    const client = await signedInUser(server);
    const stream = await liveStream(client, await newSession(client));
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await closedBecause(stream)).toEqual({ reason: 'session-ended' });
    await stream.ended;
  });

  it('ends when a password change in another browser revokes the session, and not in that other browser', async () => {
    const client = await signedInUser(server);
    const sessionId = await newSession(client);
    const stream = await liveStream(client, sessionId);
    const otherBrowser = new TestClient(server.url, server.deps.config.appUrl);
    expect((await otherBrowser.post('/api/auth/sign-in/email', { email: client.email, password: TEST_PASSWORD })).status).toBe(200);

    const change = await otherBrowser.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'N3w-password' });
    expect(change.status).toBe(200);
    expect(await closedBecause(stream)).toEqual({ reason: 'session-ended' });
    await stream.ended;
    // The browser that changed it holds a new session, and a stream opened with it lives.
    const kept = await liveStream(otherBrowser, sessionId);
    expect(await delivers(kept, Object.assign(otherBrowser, { userId: client.userId, email: client.email }), sessionId)).toBe(true);
    // The revoked session cannot open a new stream.
    expect((await client.get(`/api/sessions/${sessionId}/events`)).status).toBe(401);
  });

  it('ends when the account is deleted from another browser', async () => {
    const client = await signedInUser(server);
    const stream = await liveStream(client, await newSession(client));
    const otherBrowser = new TestClient(server.url, server.deps.config.appUrl);
    expect((await otherBrowser.post('/api/auth/sign-in/email', { email: client.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await otherBrowser.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await closedBecause(stream)).toEqual({ reason: 'session-ended' });
    await stream.ended;
  });
});

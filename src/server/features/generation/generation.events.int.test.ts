import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionDetail, SessionStatus } from '@shared/studio';
import type { RunningServer } from '../../start-server';
import { openSessionEvents, send } from '@test/server/sessions';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';

/**
 * The session header's status badge follows the session's latest generation job; every change of
 * that job reaches the session's event stream as `event: session` with {id, type: job.updated},
 * so an open screen refreshes the badge as it happens (the local engine, on the embedded default).
 */
let server: RunningServer;
let user: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server);
});
afterAll(() => server?.stop());

/**
 * Asks for the reply to the session's latest message with its stream open, and answers the status
 * the session shows once three job.updated events (queued, started, settled) have arrived.
 */
async function statusAfterReply(sessionId: string): Promise<SessionStatus> {
  const stream = await openSessionEvents(user, sessionId);
  try {
    await stream.next((e) => e.event === 'ready');
    const response = await user.post('/api/chat', { session_id: sessionId });
    expect(response.status).toBe(202);
    const { job_id: jobId } = (await response.json()) as { job_id: string };
    for (let seen = 0; seen < 3; seen++) {
      const event = await stream.next((e) => e.event === 'session' && JSON.parse(e.data).id === jobId, 20_000);
      expect(JSON.parse(event.data)).toEqual({ id: jobId, type: 'job.updated' });
    }
    return ((await (await user.get(`/api/sessions/${sessionId}`)).json()) as SessionDetail).status;
  } finally {
    stream.close();
  }
}

describe("a session's stream announces its generation job (the status badge)", () => {
  it('sends job.updated when the reply is queued, started and completed; the status then reads completed', async () => {
    const { session_id: sessionId } = await send(user, { content_text: 'a lighthouse at sunset' });
    expect(await statusAfterReply(sessionId)).toBe('completed');
  });

  it('sends job.updated when the job fails, and the status then reads error', async () => {
    const photo = await approvedUpload(user);
    const [stored] = await server.deps.db.query.userFiles.findMany({
      where: (files, { eq }) => eq(files.id, photo.id),
      columns: { storedFilename: true },
    });
    // The photo the request needs is gone by the time the job runs: an impossible request, refunded.
    await server.deps.storage.delete(stored!.storedFilename);
    const { session_id: sessionId } = await send(user, { content_text: 'make it red', file_ids: [photo.id] });
    expect(await statusAfterReply(sessionId)).toBe('error');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFile } from '@shared/studio';
import type { RealtimeEvent } from '../../realtime/events';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import type { UploadAnalysis } from '../generation/engines/image-engine';
import { uploadFixture } from '@test/server/uploads';
import { rejectUnverifiedUpload, verifyUpload, type AnalyzeUpload } from './verification.service';

/**
 * The verify-upload job run by hand against a server whose workers are off, so each upload stays
 * pending until the test runs the job with the engine answer it needs.
 */
let server: RunningServer;
let user: SignedInClient;
beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  user = await signedInUser(server);
});
afterAll(() => server?.stop());

const answering =
  (analysis: UploadAnalysis): AnalyzeUpload =>
  async () =>
    analysis;

async function fileOf(id: string): Promise<UserFile> {
  return (await (await user.get(`/api/user-files/${id}`)).json()) as UserFile;
}

/** The events the owner's clients hear while `work` runs. */
async function eventsDuring(work: () => Promise<void>): Promise<RealtimeEvent[]> {
  const heard: RealtimeEvent[] = [];
  const unsubscribe = server.deps.realtime.subscribe(`user:${user.userId}`, (event) => heard.push(event));
  try {
    await work();
    // NOTIFY is delivered after commit, through the listener connection.
    for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return heard;
  } finally {
    unsubscribe();
  }
}

describe('the verify-upload job', () => {
  it('leaves an upload pending until it runs', async () => {
    const file = await uploadFixture(user);
    expect((await fileOf(file.id)).verified_enum).toBe('pending');
  });

  it('writes approved with cleaned-up suggestions and tells the owner', async () => {
    const file = await uploadFixture(user);
    const engine = answering({
      approved: true,
      suggestions: [
        { title: 'Warmer', description: 'Give it warm evening light' },
        { title: 'warmer', description: 'The same title again' },
        { title: '  ', description: 'No title' },
        { title: 'Cartoon', description: '' },
        ...Array.from({ length: 8 }, (_, i) => ({ title: `Idea ${i}`, description: `Idea number ${i}` })),
      ],
    });
    const events = await eventsDuring(() => verifyUpload(server.deps, engine, { fileId: file.id, userId: user.userId }));
    expect(events).toEqual([{ topic: `user:${user.userId}`, type: 'file.updated', id: file.id }]);
    const verified = await fileOf(file.id);
    expect(verified.verified_enum).toBe('approved');
    expect(verified.metadata).toEqual([
      { title: 'Warmer', description: 'Give it warm evening light' },
      ...Array.from({ length: 5 }, (_, i) => ({ title: `Idea ${i}`, description: `Idea number ${i}` })),
    ]);
  });

  it('writes rejected without suggestions when the engine does not allow the image', async () => {
    const file = await uploadFixture(user);
    await verifyUpload(
      server.deps,
      answering({ approved: false, reason: 'not allowed', suggestions: [{ title: 'x', description: 'y' }] }),
      { fileId: file.id, userId: user.userId },
    );
    expect(await fileOf(file.id)).toMatchObject({ verified_enum: 'rejected', metadata: null });
  });

  it('throws for the queue to retry a failing engine, and its final failure rejects the file', async () => {
    const file = await uploadFixture(user);
    const failing: AnalyzeUpload = async () => {
      throw new Error('vision service unavailable');
    };
    await expect(verifyUpload(server.deps, failing, { fileId: file.id, userId: user.userId })).rejects.toThrow(
      'vision service unavailable',
    );
    expect((await fileOf(file.id)).verified_enum).toBe('pending');
    const events = await eventsDuring(() => rejectUnverifiedUpload(server.deps, { fileId: file.id, userId: user.userId }));
    expect(events).toEqual([{ topic: `user:${user.userId}`, type: 'file.updated', id: file.id }]);
    expect((await fileOf(file.id)).verified_enum).toBe('rejected');
  });

  it('leaves a file already decided as it is when its job gives up late', async () => {
    const file = await uploadFixture(user);
    await verifyUpload(server.deps, answering({ approved: true, suggestions: [] }), { fileId: file.id, userId: user.userId });
    await rejectUnverifiedUpload(server.deps, { fileId: file.id, userId: user.userId });
    expect((await fileOf(file.id)).verified_enum).toBe('approved');
  });

  it('writes the verdict once: a repeated job changes nothing', async () => {
    const file = await uploadFixture(user);
    const first = await eventsDuring(() =>
      verifyUpload(server.deps, answering({ approved: true, suggestions: [{ title: 'First', description: 'The first verdict' }] }), {
        fileId: file.id,
        userId: user.userId,
      }),
    );
    expect(first).toHaveLength(1);
    const events = await eventsDuring(() =>
      verifyUpload(server.deps, answering({ approved: false, suggestions: [] }), { fileId: file.id, userId: user.userId }),
    );
    expect(events).toEqual([]);
    expect(await fileOf(file.id)).toMatchObject({
      verified_enum: 'approved',
      metadata: [{ title: 'First', description: 'The first verdict' }],
    });
  });

  it('answers a status request that waits with the verdict written meanwhile', async () => {
    const file = await uploadFixture(user);
    const waiting = user.get(`/api/user-files/${file.id}?wait=10`);
    await verifyUpload(server.deps, answering({ approved: true, suggestions: [] }), { fileId: file.id, userId: user.userId });
    const answered = (await (await waiting).json()) as UserFile;
    expect(answered.verified_enum).toBe('approved');
  });
});

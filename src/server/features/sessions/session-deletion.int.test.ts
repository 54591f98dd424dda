import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFilesPage } from '@shared/studio';
import { userFiles } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { jobSettled, sendMessage } from '@test/server/generation';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';
import { storedFilesOf } from '@test/server/stored-files';

/** Deleting a session deletes its uploaded and generated files (storage and rows) once no other session uses them. */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local' });
});
afterAll(() => server?.stop());

const statusOf = async (client: SignedInClient, url: string) => {
  const response = await client.get(url);
  await response.arrayBuffer();
  return response.status;
};

async function libraryIds(client: SignedInClient): Promise<string[]> {
  const page = (await (await client.get('/api/user-files')).json()) as UserFilesPage;
  return page.images.map((image) => image.id).sort();
}

describe('deleting a session', () => {
  it('deletes the files only it uses, keeps a photo another session still uses, and deletes that with the last session', async () => {
    const client = await signedInUser(server);
    const own = await approvedUpload(client, 'Landscape_1.jpg');
    const shared = await approvedUpload(client, 'Portrait_1.jpg');
    const first = await sendMessage(client, 'turn it into a cartoon', { fileIds: [own.id, shared.id], requestReply: true });
    expect((await jobSettled(server, first.reply!.job_id)).status).toBe('completed');
    const second = await sendMessage(client, 'what a nice photo', { fileIds: [shared.id] });
    const generated = (await server.deps.db.select().from(userFiles).where(eq(userFiles.isGenerated, true))).filter(
      (row) => row.userId === client.userId,
    );
    expect(generated.length).toBeGreaterThan(0);
    const generatedIds = generated.map((row) => row.id);
    const storedBefore = await storedFilesOf(server, client.userId);

    // Someone else's session and files are none of this.
    const other = await signedInUser(server);
    const othersPhoto = await approvedUpload(other);
    const othersSession = await sendMessage(other, 'mine', { fileIds: [othersPhoto.id] });

    expect((await client.request(`/api/sessions/${first.session_id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await statusOf(client, own.file_url)).toBe(404);
    for (const id of generatedIds) expect(await statusOf(client, `/api/files/${id}`)).toBe(404);
    expect(await statusOf(client, shared.file_url)).toBe(200);
    expect(await libraryIds(client)).toEqual([shared.id]);
    const remaining = await server.deps.db
      .select({ id: userFiles.id })
      .from(userFiles)
      .where(inArray(userFiles.id, [own.id, shared.id, ...generatedIds]));
    expect(remaining.map((row) => row.id)).toEqual([shared.id]);
    const stored = await storedFilesOf(server, client.userId);
    expect(stored).toHaveLength(2);
    expect(storedBefore.length).toBeGreaterThan(stored.length);
    expect(stored.every((name) => name.includes('Portrait_1'))).toBe(true);

    expect((await client.request(`/api/sessions/${second.session_id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await statusOf(client, shared.file_url)).toBe(404);
    expect(await storedFilesOf(server, client.userId)).toEqual([]);
    expect(await libraryIds(client)).toEqual([]);

    expect(await statusOf(other, othersPhoto.file_url)).toBe(200);
    expect((await other.get(`/api/sessions/${othersSession.session_id}/messages`)).status).toBe(200);
  });

  it("answers 404 for another user's session and deletes nothing of it", async () => {
    const owner = await signedInUser(server);
    const photo = await approvedUpload(owner);
    const sent = await sendMessage(owner, 'hello', { fileIds: [photo.id] });
    const stranger = await signedInUser(server);
    expect((await stranger.request(`/api/sessions/${sent.session_id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await statusOf(owner, photo.file_url)).toBe(200);
  });
});

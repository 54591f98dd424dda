import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFilesPage } from '@shared/studio';
import type { RunningServer } from '../../start-server';
import { jobSettled, sendMessage } from '@test/server/generation';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { approvedUpload } from '@test/server/uploads';

/** The Library links each image to the chat message it came from, so "Show in chat" opens the chat at it. */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local' });
});
afterAll(() => server?.stop());

async function library(client: SignedInClient): Promise<UserFilesPage['images']> {
  return ((await (await client.get('/api/user-files')).json()) as UserFilesPage).images;
}

describe("the Library's link to an image's message", () => {
  it('names the reply that made a generated image and the first message that sent a photo; none once the session is deleted', async () => {
    const client = await signedInUser(server);
    const photo = await approvedUpload(client, 'Landscape_1.jpg');
    const unsent = await approvedUpload(client, 'Portrait_1.jpg');
    const first = await sendMessage(client, 'turn it into a cartoon', { fileIds: [photo.id], requestReply: true });
    expect((await jobSettled(server, first.reply!.job_id)).status).toBe('completed');
    await sendMessage(client, 'the same photo again', { fileIds: [photo.id], sessionId: first.session_id });

    const images = await library(client);
    const generated = images.filter((image) => image.is_generated);
    expect(generated.length).toBeGreaterThan(0);
    for (const image of generated) {
      expect(image.origin).toEqual({ session_id: first.session_id, message_id: first.reply!.reply_message_id });
    }
    expect(images.find((image) => image.id === photo.id)?.origin).toEqual({ session_id: first.session_id, message_id: first.message.id });
    expect(images.find((image) => image.id === unsent.id)?.origin).toBeNull();
    // One image asked for by id (a chat's "Open in Library") says the same; another user's is not theirs to see.
    const one = (await (await client.get(`/api/user-files/${generated[0]!.id}`)).json()) as UserFilesPage['images'][number];
    expect(one.origin).toEqual({ session_id: first.session_id, message_id: first.reply!.reply_message_id });
    const stranger = await signedInUser(server);
    expect((await stranger.get(`/api/user-files/${generated[0]!.id}`)).status).toBe(404);

    // A deleted session is nowhere to go (its own photo and replies went with it).
    expect((await client.request(`/api/sessions/${first.session_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await library(client)).map((image) => image.origin)).toEqual([null]);
  });
});

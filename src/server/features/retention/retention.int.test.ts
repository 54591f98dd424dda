import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message, UserFilesPage } from '@shared/studio';
import { agentJobs, ledgerEntries, userFiles } from '../../db/schema';
import { PHOTO_EXPIRED_BEFORE_REPLY } from '../generation/generation.service';
import type { RunningServer } from '../../start-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { jobSettled, sendMessage } from '@test/server/generation';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { until } from '@test/server/until';
import { approvedUpload } from '@test/server/uploads';
import { runRetention } from './retention.service';
import { storedFilesOf } from '@test/server/stored-files';

/**
 * Retention with UPLOAD_RETENTION and GENERATED_RETENTION set to seconds: files go from served to
 * 404, leave the storage folder and the library, while the chat still reads; a reply's inputs stay
 * until the reply settles. The hosted engine is the OpenAI fake, so a test can hold a job running.
 */
const UPLOAD_RETENTION_SECONDS = 4;
// Far enough apart that on a loaded machine the upload has gone well before the image is due.
const GENERATED_RETENTION_SECONDS = 10;

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: RunningServer;
let nextPlan: Record<string, unknown>;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.onChat((request) => {
    const format = request.response_format as { json_schema?: { name?: string } } | undefined;
    return format?.json_schema?.name === 'upload_review' ? { approved: true, reason: null, suggestions: [] } : nextPlan;
  });
  server = await startTestServer({
    IMAGE_ENGINE: 'openai',
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: 'sk-test',
    UPLOAD_RETENTION: `${UPLOAD_RETENTION_SECONDS}s`,
    GENERATED_RETENTION: `${GENERATED_RETENTION_SECONDS}s`,
  });
});
afterAll(async () => {
  await server?.stop();
  await openai?.close();
});
beforeEach(() => {
  openai.reset();
  openai.setImageTime(0);
  nextPlan = {
    intent: 'generate',
    sourceImages: 'none',
    instruction: 'A lighthouse at sunset',
    imageCount: 1,
    aspectRatio: '1:1',
    style: null,
  };
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until a file is `seconds` old (by its row's upload time). */
async function ageOf(fileId: string, seconds: number) {
  const [row] = await server.deps.db.select({ at: userFiles.uploadTimestamp }).from(userFiles).where(eq(userFiles.id, fileId));
  const wait = row!.at.getTime() + seconds * 1000 + 300 - Date.now();
  if (wait > 0) await sleep(wait);
}

const statusOf = async (client: SignedInClient, url: string) => {
  const response = await client.get(url);
  await response.arrayBuffer();
  return response.status;
};

async function library(client: SignedInClient, kind: 'uploaded' | 'generated'): Promise<UserFilesPage> {
  return (await (await client.get(`/api/user-files?kind=${kind}`)).json()) as UserFilesPage;
}

async function messagesOf(client: SignedInClient, sessionId: string) {
  const response = await client.get(`/api/sessions/${sessionId}/messages`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Message[] }).messages;
}

/** A reply with one generated image from a photo: the photo attached, the image its output. */
async function editedPhoto(client: SignedInClient) {
  const upload = await approvedUpload(client);
  nextPlan = {
    intent: 'edit',
    sourceImages: 'attachments',
    instruction: 'Make the sky purple',
    imageCount: 1,
    aspectRatio: 'unchanged',
    style: null,
  };
  const sent = await sendMessage(client, 'make the sky purple', { fileIds: [upload.id], requestReply: true });
  return { upload, sent, jobId: sent.reply!.job_id, replyId: sent.reply!.reply_message_id };
}

describe('retention', () => {
  it('is scheduled to run every minute', async () => {
    expect(await server.deps.jobs.schedules()).toContainEqual({ name: 'retention', cron: '* * * * *' });
  });

  it('deletes uploads and generated images past their retention: 404, out of storage and the library, the chat still readable', async () => {
    const client = await signedInUser(server);
    const { upload, sent, jobId, replyId } = await editedPhoto(client);
    expect((await jobSettled(server, jobId)).status).toBe('completed');
    const generated = (await library(client, 'generated')).images;
    expect(generated).toHaveLength(1);
    const output = generated[0]!;
    expect(Date.parse(output.expires_at) - Date.parse(output.upload_timestamp)).toBe(GENERATED_RETENTION_SECONDS * 1000);
    expect(Date.parse(upload.expires_at) - Date.parse(upload.upload_timestamp)).toBe(UPLOAD_RETENTION_SECONDS * 1000);
    expect(await statusOf(client, upload.file_url)).toBe(200);
    expect(await statusOf(client, output.file_url)).toBe(200);
    // Photo and thumbnail, image and thumbnail.
    await until('the output thumbnail', async () => ((await storedFilesOf(server, client.userId)).length === 4 ? true : undefined), 10_000);

    // The upload's time is up, the generated image's not yet: the job (the real schedule's, sent now) deletes the upload only.
    await ageOf(upload.id, UPLOAD_RETENTION_SECONDS);
    await server.deps.jobs.enqueue(server.deps.db, 'retention', {});
    await until('the upload to answer 404', async () => ((await statusOf(client, upload.file_url)) === 404 ? true : undefined), 10_000);
    expect(await statusOf(client, upload.thumbnailUrl)).toBe(404);
    expect(await statusOf(client, output.file_url)).toBe(200);
    expect((await library(client, 'uploaded')).images).toEqual([]);
    expect((await library(client, 'generated')).total).toBe(1);

    await ageOf(output.id, GENERATED_RETENTION_SECONDS);
    await server.deps.jobs.enqueue(server.deps.db, 'retention', {});
    await until(
      'the generated image to answer 404',
      async () => ((await statusOf(client, output.file_url)) === 404 ? true : undefined),
      10_000,
    );
    expect(await statusOf(client, `/api/files/${output.id}/thumbnail`)).toBe(404);
    expect(await storedFilesOf(server, client.userId)).toEqual([]);
    expect(await library(client, 'generated')).toEqual({ images: [], total: 0, hasMore: false });

    // The conversation still loads, each image an "expired" entry that keeps its prompt.
    const chat = await messagesOf(client, sent.session_id);
    expect(chat.find((message) => message.id === sent.message.id)?.files).toEqual([
      expect.objectContaining({ id: upload.id, expired: true, isGenerated: false }),
    ]);
    expect(chat.find((message) => message.id === replyId)?.files).toEqual([
      expect.objectContaining({ id: output.id, expired: true, isGenerated: true, contentDescription: 'Make the sky purple' }),
    ]);
    const sessions = (await (await client.get('/api/sessions')).json()) as { sessions: { id: string; thumbnails: string[] }[] };
    expect(sessions.sessions.find((session) => session.id === sent.session_id)?.thumbnails).toEqual([]);
  });

  it('keeps a photo that a running reply needs until the reply settles, then deletes it', async () => {
    const client = await signedInUser(server);
    openai.setImageTime(6_000);
    const { upload, jobId } = await editedPhoto(client);
    await until('the reply to run', async () => {
      const [job] = await server.deps.db.select({ status: agentJobs.status }).from(agentJobs).where(eq(agentJobs.id, jobId));
      return job?.status === 'processing' ? true : undefined;
    });

    await ageOf(upload.id, UPLOAD_RETENTION_SECONDS);
    await runRetention(server.deps);
    expect(await statusOf(client, upload.file_url)).toBe(200);
    const [held] = await server.deps.db.select({ expiredAt: userFiles.expiredAt }).from(userFiles).where(eq(userFiles.id, upload.id));
    expect(held!.expiredAt).toBeNull();

    // The reply had its photo to the end.
    expect((await jobSettled(server, jobId)).status).toBe('completed');
    expect(openai.received.filter((request) => request.path === '/images/edits')).toHaveLength(1);
    await runRetention(server.deps);
    expect(await statusOf(client, upload.file_url)).toBe(404);
  });

  it('does not let an expired photo be attached to a new message', async () => {
    const client = await signedInUser(server);
    const upload = await approvedUpload(client);
    await ageOf(upload.id, UPLOAD_RETENTION_SECONDS);
    await runRetention(server.deps);
    const response = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'again',
      file_ids: [upload.id],
      request_reply: false,
    });
    expect(response.status).toBe(404);
  });

  it('does not answer, nor charge for, a message whose photo was deleted before its reply was asked for', async () => {
    const client = await signedInUser(server);
    const upload = await approvedUpload(client);
    // Sent without a reply (as after a refusal for lack of credit, answered after a top-up).
    const sent = await sendMessage(client, 'make the jacket red', { fileIds: [upload.id] });
    await ageOf(upload.id, UPLOAD_RETENTION_SECONDS);
    await runRetention(server.deps);
    expect(await statusOf(client, upload.file_url)).toBe(404);

    const reply = await client.post('/api/chat', { session_id: sent.session_id });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ code: 'BAD_REQUEST', message: PHOTO_EXPIRED_BEFORE_REPLY });
    expect(await server.deps.db.select().from(agentJobs).where(eq(agentJobs.messageId, sent.message.id))).toEqual([]);
    const usage = (await server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, client.userId))).filter(
      (entry) => entry.kind === 'usage',
    );
    expect(usage).toEqual([]);
    expect(openai.received.filter((request) => request.path.startsWith('/images/'))).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@shared/studio';
import { agentJobs, ledgerEntries, messages } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { jobSettled, sendMessage } from '@test/server/generation';
import { creditTopUp } from '../billing/billing.repository';

/**
 * Variations and the names of generated images, with the local engine through
 * the real API: a variation is the same request answered again as the reply's next version, paid
 * like any generation; the version chosen with the arrows is what a follow-up edits; every image
 * of a session downloads under its own name.
 */
let server: RunningServer;
beforeAll(async () => {
  // Two free images and no balance: the third image must be refused.
  server = await startTestServer({ IMAGE_ENGINE: 'local', FREE_GENERATIONS: '2' });
});
afterAll(() => server?.stop());

async function replyMessage(client: SignedInClient, id: string): Promise<Message> {
  return (await (await client.get(`/api/messages/${id}`)).json()) as Message;
}

async function fileNameOf(client: SignedInClient, fileId: string): Promise<string> {
  const answer = await client.get(`/api/user-files/${fileId}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { original_filename: string }).original_filename;
}

async function firstReply(client: SignedInClient, text: string) {
  const sent = await sendMessage(client, text, { requestReply: true });
  const reply = sent.reply!;
  expect((await jobSettled(server, reply.job_id)).status).toBe('completed');
  return { sessionId: sent.session_id, replyId: reply.reply_message_id, jobId: reply.job_id };
}

describe('variations of a reply', () => {
  it('adds a new version beside the first, charged once through the job, with its own download names', async () => {
    const client = await signedInUser(server);
    const { replyId } = await firstReply(client, 'a sunset over the sea');
    const variation = await client.post('/api/chat/variations', { reply_message_id: replyId });
    expect(variation.status).toBe(202);
    const accepted = (await variation.json()) as {
      job_id: string;
      image_count: number;
      free_images_used: number;
      reply_message_id: string;
    };
    expect(accepted).toMatchObject({ image_count: 1, free_images_used: 1, reply_message_id: replyId });
    expect((await jobSettled(server, accepted.job_id)).status).toBe('completed');

    const reply = await replyMessage(client, replyId);
    expect(reply.processing_status).toBe('completed');
    expect(reply.files.map((file) => file.version)).toEqual([0, 1]);
    expect(reply.chosen_version).toBeNull();
    // Different pictures (the local engine seeds each version differently), different names.
    const [first, second] = reply.files;
    const bytes = await Promise.all(reply.files.map(async (file) => Buffer.from(await (await client.get(file.fileUrl)).arrayBuffer())));
    expect(bytes[0]!.equals(bytes[1]!)).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    expect(await fileNameOf(client, first!.id)).toMatch(new RegExp(`^a-sunset-over-the-sea-${today}-1\\.(png|jpg|webp)$`));
    expect(await fileNameOf(client, second!.id)).toMatch(new RegExp(`^a-sunset-over-the-sea-${today}-2\\.(png|jpg|webp)$`));

    // One usage entry per version, each referenced by its own job.
    const usage = await server.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.kind, 'usage')));
    expect(usage).toHaveLength(2);
    expect(usage.map((entry) => entry.reference)).toContain(accepted.job_id);

    // Out of free images and balance: refused with 402, nothing written.
    const refused = await client.post('/api/chat/variations', { reply_message_id: replyId });
    expect(refused.status).toBe(402);
    expect(await server.deps.db.select().from(agentJobs).where(eq(agentJobs.resultMessageId, replyId))).toHaveLength(2);
    expect((await replyMessage(client, replyId)).processing_status).toBe('completed');
  });

  it('has follow-ups edit the chosen version (the newest one until another is chosen)', async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 100,
      reference: `cs_test_${client.userId}`,
      description: 'Test top-up',
    });
    const previousOutputOf = async (messageId: string) => {
      const [row] = await server.deps.db.select({ refs: messages.contextReferences }).from(messages).where(eq(messages.id, messageId));
      return (row!.refs as { previousOutputId: string | null }).previousOutputId;
    };
    const withTwoVersions = async (text: string) => {
      const { sessionId, replyId } = await firstReply(client, text);
      const variation = (await (await client.post('/api/chat/variations', { reply_message_id: replyId })).json()) as { job_id: string };
      expect((await jobSettled(server, variation.job_id)).status).toBe('completed');
      const [version0, version1] = (await replyMessage(client, replyId)).files;
      return { sessionId, replyId, version0: version0!, version1: version1! };
    };

    const unchosen = await withTwoVersions('a lighthouse at night');
    const followUp = await sendMessage(client, 'now make it black and white', { sessionId: unchosen.sessionId, requestReply: true });
    expect(await previousOutputOf(followUp.message.id)).toBe(unchosen.version1.id);
    await jobSettled(server, followUp.reply!.job_id);

    const chosen = await withTwoVersions('a mountain lake');
    expect((await client.post('/api/chat/chosen-version', { reply_message_id: chosen.replyId, version: 0 })).status).toBe(204);
    expect((await replyMessage(client, chosen.replyId)).chosen_version).toBe(0);
    const edit = await sendMessage(client, 'now make it black and white', { sessionId: chosen.sessionId, requestReply: true });
    expect(await previousOutputOf(edit.message.id)).toBe(chosen.version0.id);
    await jobSettled(server, edit.reply!.job_id);
  });

  it('makes one version at a time, and refuses what is not the user’s or does not exist', async () => {
    const client = await signedInUser(server);
    const { replyId } = await firstReply(client, 'a forest in autumn');
    const stranger = await signedInUser(server);
    expect((await stranger.post('/api/chat/variations', { reply_message_id: replyId })).status).toBe(404);
    expect((await stranger.post('/api/chat/chosen-version', { reply_message_id: replyId, version: 0 })).status).toBe(404);
    // A version that was never made cannot be chosen.
    expect((await client.post('/api/chat/chosen-version', { reply_message_id: replyId, version: 3 })).status).toBe(404);

    await server.deps.db.update(agentJobs).set({ status: 'processing' }).where(eq(agentJobs.resultMessageId, replyId));
    const busy = await client.post('/api/chat/variations', { reply_message_id: replyId });
    expect(busy.status).toBe(400);
    expect(await busy.json()).toMatchObject({ message: 'A new version of this reply is still being made.' });
  });

  it('makes one version of several asked at the same moment (a double click, two tabs), charging once', async () => {
    const client = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 100,
      reference: `cs_test_${client.userId}`,
      description: 'Test top-up',
    });
    const { replyId } = await firstReply(client, 'a lighthouse at dusk');
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/chat/variations', { reply_message_id: replyId })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([202, 400, 400, 400, 400]);
    const refused = answers.filter((answer) => answer.status === 400);
    for (const answer of refused)
      expect(await answer.json()).toMatchObject({ message: 'A new version of this reply is still being made.' });

    const jobs = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.resultMessageId, replyId));
    expect(jobs.map((job) => job.version).sort()).toEqual([0, 1]);
    const usage = await server.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.kind, 'usage')));
    expect(usage).toHaveLength(2);
    await jobSettled(server, jobs.find((job) => job.version === 1)!.id);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { agentJobs, balanceAccounts, ledgerEntries } from '@server/db/schema';
import type { RunningServer } from '@server/start-server';
import type { CodedText } from '@shared/coded-text';
import type { SignedInClient } from '@test/server/signed-in-user';

/** Shared by the generation's integration tests: a conversation as the API sees it, and its money. */

export async function sendMessage(
  client: SignedInClient,
  text: string,
  options: { fileIds?: string[]; sessionId?: string; requestReply?: boolean } = {},
) {
  const response = await client.post('/api/messages', {
    session_id: options.sessionId ?? 'new',
    content_text: text,
    file_ids: options.fileIds ?? [],
    request_reply: options.requestReply ?? false,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as {
    session_id: string;
    message: { id: string; processing_status: string | null };
    reply?: { job_id: string; reply_message_id: string; price_cents: number; image_count: number } | null;
    reply_error?: { code: string; message: string } | null;
  };
}

export interface ReplyAnswer {
  job_id: string;
  reply_message_id: string;
  price_cents: number;
  free_images_used: number;
  image_count: number;
  code?: string;
  message?: string;
}

export async function askForReply(client: SignedInClient, sessionId: string): Promise<{ status: number; body: ReplyAnswer }> {
  const response = await client.post('/api/chat', { session_id: sessionId });
  return { status: response.status, body: (await response.json()) as ReplyAnswer };
}

export async function jobSettled(server: RunningServer, jobId: string, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [job] = await server.deps.db.select().from(agentJobs).where(eq(agentJobs.id, jobId));
    if (job && (job.status === 'completed' || job.status === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not settle: ${job?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function ledgerOf(server: RunningServer, userId: string) {
  return server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
}

export async function replyOf(client: SignedInClient, messageId: string) {
  return (await (await client.get(`/api/messages/${messageId}`)).json()) as {
    contentText: string;
    contentCodes: CodedText[] | null;
    processing_status: string | null;
    files: { fileUrl: string; isGenerated: boolean }[];
  };
}

/** The account's running balance is what its ledger adds up to, in cents and in free images. */
export async function expectLedgerMatchesBalance(server: RunningServer, userId: string) {
  const [sums] = await server.deps.db
    .select({
      cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      free: sql<string>`coalesce(sum(${ledgerEntries.freeGenerationsDelta}), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const [account] = await server.deps.db.select().from(balanceAccounts).where(eq(balanceAccounts.userId, userId));
  expect({ cents: Number(sums!.cents), free: Number(sums!.free) }).toEqual({
    cents: account!.availableCents,
    free: account!.freeGenerationsLeft,
  });
}

/**
 * The settlement rule after a failure: the job failed with exactly one refund of its one charge, the
 * reply says so, the session no longer shows processing, and the ledger adds up to the balance.
 */
export async function expectRefundedOnce(
  server: RunningServer,
  client: SignedInClient,
  input: { jobId: string; replyMessageId: string; sessionId: string },
) {
  const job = await jobSettled(server, input.jobId);
  expect(job.status).toBe('failed');
  const entries = await server.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, client.userId), eq(ledgerEntries.reference, input.jobId)));
  expect(entries.map((entry) => entry.kind).sort()).toEqual(['refund', 'usage']);
  const reply = await replyOf(client, input.replyMessageId);
  expect(reply.processing_status).toBe('error');
  expect(reply.contentText).toMatch(/The charge was refunded/);
  expect(reply.files).toHaveLength(0);
  const session = (await (await client.get(`/api/sessions/${input.sessionId}`)).json()) as { status: string };
  expect(session.status).toBe('error');
  await expectLedgerMatchesBalance(server, client.userId);
  return { job, reply };
}

import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { GenerationPlan } from '@shared/generation';
import type { DbOrTx } from '../../db/client';
import { agentJobs, attachments, chatSessions, generatedOutputs, messages, userFiles } from '../../db/schema';
import { publishEvent, type RealtimeEvent } from '../../realtime/events';

export type AgentJobRow = typeof agentJobs.$inferSelect;

/** The session's latest user message (the one a reply answers), if the session is the user's. */
export async function findLatestUserMessage(db: DbOrTx, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: messages.id, contentText: messages.contentText, timestampCreated: messages.timestampCreated })
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.sessionId))
    .where(and(eq(messages.sessionId, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.isActive, true), eq(messages.role, 'user')))
    .orderBy(desc(messages.timestampCreated))
    .limit(1);
  return row;
}

/** The approved photos attached to a message, oldest first. */
export async function approvedAttachmentsOf(db: DbOrTx, userId: string, messageId: string) {
  return db
    .select({ id: userFiles.id, storedFilename: userFiles.storedFilename, mimeType: userFiles.mimeType })
    .from(attachments)
    .innerJoin(userFiles, eq(userFiles.id, attachments.fileId))
    .where(and(eq(attachments.messageId, messageId), eq(userFiles.userId, userId), eq(userFiles.verifiedEnum, 'approved')))
    .orderBy(userFiles.uploadTimestamp);
}

/** The session's most recent generated image before `before`: what a follow-up edits. */
export async function latestGeneratedImageOf(db: DbOrTx, userId: string, sessionId: string, before: Date) {
  const [row] = await db
    .select({ id: userFiles.id, storedFilename: userFiles.storedFilename, mimeType: userFiles.mimeType })
    .from(generatedOutputs)
    .innerJoin(agentJobs, eq(agentJobs.id, generatedOutputs.jobId))
    .innerJoin(userFiles, eq(userFiles.id, generatedOutputs.fileId))
    .where(and(eq(agentJobs.sessionId, sessionId), eq(agentJobs.userId, userId), eq(agentJobs.status, 'completed'), lt(agentJobs.createdAt, before)))
    .orderBy(desc(agentJobs.completedAt), desc(generatedOutputs.position))
    .limit(1);
  return row;
}

export async function filesByIds(db: DbOrTx, userId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ id: userFiles.id, storedFilename: userFiles.storedFilename, mimeType: userFiles.mimeType })
    .from(userFiles)
    .where(and(eq(userFiles.userId, userId), inArray(userFiles.id, fileIds)));
  // Keep the order the plan recorded.
  return fileIds.map((id) => rows.find((row) => row.id === id)).filter((row): row is (typeof rows)[number] => row !== undefined);
}

export async function findJobForMessage(db: DbOrTx, userId: string, messageId: string): Promise<AgentJobRow | undefined> {
  const [row] = await db.select().from(agentJobs).where(and(eq(agentJobs.messageId, messageId), eq(agentJobs.userId, userId))).limit(1);
  return row;
}

export async function findJob(db: DbOrTx, jobId: string, options: { forUpdate?: boolean } = {}): Promise<AgentJobRow | undefined> {
  const query = db.select().from(agentJobs).where(eq(agentJobs.id, jobId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertSystemMessage(db: DbOrTx, values: { sessionId: string; userId: string; parentMessageId: string; contentText: string; processingStatus: string }) {
  const [row] = await db
    .insert(messages)
    .values({ ...values, role: 'system' })
    .returning({ id: messages.id });
  await db
    .update(chatSessions)
    .set({ totalMessages: sql`${chatSessions.totalMessages} + 1`, updatedAt: new Date() })
    .where(eq(chatSessions.id, values.sessionId));
  return row!.id;
}

export async function updateSystemMessage(db: DbOrTx, messageId: string, values: { contentText: string; processingStatus: string }) {
  await db.update(messages).set({ ...values, updatedAt: new Date() }).where(eq(messages.id, messageId));
  await db.execute(sql`update chat_sessions set updated_at = now() where id = (select session_id from messages where id = ${messageId})`);
}

export async function recordPlanOnMessage(db: DbOrTx, messageId: string, plan: GenerationPlan, contextReferences: { sourceImages: GenerationPlan['sourceImages']; fileIds: string[] }) {
  await db.update(messages).set({ intentData: plan, contextReferences, updatedAt: new Date() }).where(eq(messages.id, messageId));
}

export async function insertJob(db: DbOrTx, values: typeof agentJobs.$inferInsert) {
  await db.insert(agentJobs).values(values);
}

/**
 * Marks a queued (or retried) job processing and publishes `event` for its session, with one
 * commit; answers undefined for a job that is missing or already settled.
 */
export async function startJob(db: DbOrTx, jobId: string, event: (sessionId: string) => RealtimeEvent): Promise<AgentJobRow | undefined> {
  const [claimed] = await db
    .update(agentJobs)
    .set({ status: 'processing', attempts: sql`${agentJobs.attempts} + 1`, startedAt: sql`coalesce(${agentJobs.startedAt}, now())` })
    .where(and(eq(agentJobs.id, jobId), inArray(agentJobs.status, ['queued', 'processing'])))
    .returning();
  if (!claimed) return undefined;
  // NOTIFY outside a transaction block is sent at once; the update above has already committed.
  await publishEvent(db, event(claimed.sessionId));
  return claimed;
}

export async function finishJob(db: DbOrTx, jobId: string, values: { status: 'completed' | 'failed'; error?: string }) {
  await db
    .update(agentJobs)
    .set({ status: values.status, error: values.error ?? null, completedAt: new Date() })
    .where(eq(agentJobs.id, jobId));
}

export async function insertGeneratedFile(db: DbOrTx, values: typeof userFiles.$inferInsert & { id: string }) {
  await db.insert(userFiles).values(values);
}

export async function insertGeneratedOutput(db: DbOrTx, values: { jobId: string; fileId: string; position: number }) {
  await db.insert(generatedOutputs).values(values);
}

export async function outputCountOf(db: DbOrTx, jobId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(generatedOutputs).where(eq(generatedOutputs.jobId, jobId));
  return row?.count ?? 0;
}

/** The photos a message's plan refers to (recorded in context_references when the job was made). */
export async function contextFileIdsOf(db: DbOrTx, messageId: string): Promise<string[]> {
  const [row] = await db.select({ refs: messages.contextReferences }).from(messages).where(eq(messages.id, messageId));
  const refs = row?.refs as { fileIds?: unknown } | null | undefined;
  return Array.isArray(refs?.fileIds) ? refs.fileIds.filter((id): id is string => typeof id === 'string') : [];
}

export async function setThumbnailUrl(db: DbOrTx, fileId: string, thumbnailUrl: string) {
  await db.update(userFiles).set({ thumbnailUrl }).where(eq(userFiles.id, fileId));
}

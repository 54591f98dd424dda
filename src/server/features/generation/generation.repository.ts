import type { CodedText } from '@shared/coded-text';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { isAspectRatio, type AspectRatio, type ContextReferences, type GenerationPlan } from '@shared/generation';
import type { DbOrTx } from '../../db/client';
import { agentJobs, attachments, chatSessions, generatedOutputs, messages, userFiles } from '../../db/schema';
import { notifyEventSql, type RealtimeEvent } from '../../realtime/events';
import { sessionTopic, sessionTopicSql } from '../../realtime/topics';
import * as conversation from '../sessions/conversation-records.service';
import { insertGeneratedFiles, setThumbnailUrl as setFileThumbnailUrl } from '../uploads/generated-files.service';
import { deletePreview } from './reply-progress.repository';

export type { ContextReferences };

export type AgentJobRow = typeof agentJobs.$inferSelect;

export interface ReplyContext {
  /** The session's latest user message: the one a reply answers, with what the composer's pickers chose for it. */
  message: {
    id: string;
    contentText: string;
    requestedEngine: string | null;
    requestedAspectRatio: string | null;
    requestedImageCount: number | null;
  };
  /** The engine last chosen in the session. */
  sessionEngine: string | null;
  /** The job already made for it (POST /chat asked twice), if any. */
  existingJobId: string | null;
  /** The approved photos attached to it, oldest first. */
  attachmentIds: string[];
  /** How many of its photos retention has deleted since it was sent (UPLOAD_RETENTION). */
  expiredAttachmentCount: number;
  /** The session's most recent generated image before it: what a follow-up edits. */
  previousOutputId: string | null;
}

/**
 * What POST /chat needs to plan a reply, in one query (every round trip is added to each reply):
 * for the session's latest user message, or for `messageId`; undefined when the session is not the
 * user's active session or has no such message.
 */
export async function replyContextOf(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  options: { messageId?: string } = {},
): Promise<ReplyContext | undefined> {
  const [row] = await db
    .select({
      id: messages.id,
      contentText: messages.contentText,
      requestedEngine: messages.requestedEngine,
      requestedAspectRatio: messages.requestedAspectRatio,
      requestedImageCount: messages.requestedImageCount,
      sessionEngine: chatSessions.engine,
      existingJobId: sql<
        string | null
      >`(select j.id from ${agentJobs} j where j.message_id = ${messages.id} and j.user_id = ${userId} and j.version = 0)`,
      attachmentIds: sql<string[]>`array(
        select f.id from ${attachments} a join ${userFiles} f on f.id = a.file_id
        where a.message_id = ${messages.id} and f.user_id = ${userId} and f.verified_enum = 'approved' and f.expired_at is null
        order by f.upload_timestamp)`,
      expiredAttachmentCount: sql<number>`(
        select count(*)::int from ${attachments} a join ${userFiles} f on f.id = a.file_id
        where a.message_id = ${messages.id} and f.user_id = ${userId} and f.expired_at is not null)`,
      // The chat's latest picture before this message: a result (of a reply with versions, the one the user chose, else the
      // newest finished one), or a photo sent earlier when nothing was made of it since (its edit was refused: "there is no
      // 'bottom' in the photo", and the next message names another word in the same photo).
      previousOutputId: sql<string | null>`(
        select p.file_id from (
          select o.file_id, r.timestamp_created as at, j.version as version, o.position as position
          from ${generatedOutputs} o join ${agentJobs} j on j.id = o.job_id join ${messages} r on r.id = j.result_message_id
            join ${userFiles} f on f.id = o.file_id
          where f.expired_at is null and j.session_id = ${sessionId} and j.user_id = ${userId} and j.status = 'completed' and r.timestamp_created < ${messages.timestampCreated}
            and (r.chosen_version is null or r.chosen_version = j.version)
          union all
          select f.id, m.timestamp_created, 0, 0
          from ${attachments} a join ${messages} m on m.id = a.message_id join ${userFiles} f on f.id = a.file_id
          where m.session_id = ${sessionId} and m.role = 'user' and m.timestamp_created < ${messages.timestampCreated}
            and f.user_id = ${userId} and f.verified_enum = 'approved' and f.expired_at is null
        ) p order by p.at desc, p.version desc, p.position desc limit 1)`,
    })
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.sessionId))
    .where(
      and(
        eq(messages.sessionId, sessionId),
        eq(chatSessions.userId, userId),
        eq(chatSessions.isActive, true),
        eq(messages.role, 'user'),
        options.messageId ? eq(messages.id, options.messageId) : undefined,
      ),
    )
    .orderBy(desc(messages.timestampCreated))
    .limit(1);
  if (!row) return undefined;
  return {
    message: {
      id: row.id,
      contentText: row.contentText,
      requestedEngine: row.requestedEngine,
      requestedAspectRatio: row.requestedAspectRatio,
      requestedImageCount: row.requestedImageCount,
    },
    sessionEngine: row.sessionEngine,
    existingJobId: row.existingJobId,
    attachmentIds: row.attachmentIds,
    expiredAttachmentCount: row.expiredAttachmentCount,
    previousOutputId: row.previousOutputId,
  };
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
  const [row] = await db
    .select()
    .from(agentJobs)
    .where(and(eq(agentJobs.messageId, messageId), eq(agentJobs.userId, userId), eq(agentJobs.version, 0)))
    .limit(1);
  return row;
}

export async function findJob(db: DbOrTx, jobId: string, options: { forUpdate?: boolean } = {}): Promise<AgentJobRow | undefined> {
  const query = db.select().from(agentJobs).where(eq(agentJobs.id, jobId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** A reply's words and state, and its session's activity time, in the caller's transaction. */
export async function updateSystemMessage(
  tx: DbOrTx,
  messageId: string,
  values: { contentText: string; contentCodes: CodedText[]; processingStatus: string },
) {
  const sessionId = await conversation.updateReply(tx, { messageId }, values);
  if (sessionId !== undefined) await conversation.touchSession(tx, sessionId);
}

export interface QueuedReply {
  userId: string;
  sessionId: string;
  /** The user message answered: it gets the plan (intent_data) and what it refers to. */
  messageId: string;
  plan: GenerationPlan;
  contextReferences: ContextReferences;
  /** The reply's first words, as codes and their English. */
  reply: { id: string; contentText: string; contentCodes: CodedText[] };
  /** `planned`: the plan is final (no hosted model re-plans it in the job). */
  job: { id: string; engine: string; engineModel: string | null; priceCents: number; freeImagesUsed: number; planned: boolean };
  /** Published when the caller's transaction commits. */
  events: RealtimeEvent[];
}

/**
 * Everything POST /chat writes besides the debit and the queue job, in the caller's transaction:
 * the plan on the user message, the "working on it" reply and the session's message count (through
 * the sessions feature, which owns those tables), then the agent job and the events. Throws when
 * the user message is not the user's (then the caller's transaction rolls back).
 */
export async function recordPlanAndQueueReply(tx: DbOrTx, input: QueuedReply): Promise<void> {
  const { userId, sessionId, messageId, plan, reply, job } = input;
  const planned = await conversation.recordPlanOnMessage(tx, {
    userId,
    messageId,
    plan,
    contextReferences: input.contextReferences,
    answered: true,
  });
  if (!planned) throw new Error(`message ${messageId} to answer was not found`);
  await conversation.insertReply(tx, { ...reply, sessionId, userId, parentMessageId: messageId });
  await conversation.recordMessageInSession(tx, sessionId);
  await tx
    .insert(agentJobs)
    .values({
      id: job.id,
      userId,
      sessionId,
      messageId,
      resultMessageId: reply.id,
      status: 'queued',
      engine: job.engine,
      engineModel: job.engineModel,
      plan,
      imageCount: plan.imageCount,
      priceCents: job.priceCents,
      freeImagesUsed: job.freeImagesUsed,
      plannedAt: job.planned ? sql`now()` : null,
    })
    // Delivered when the caller's transaction commits.
    .returning({
      id: agentJobs.id,
      ...Object.fromEntries(input.events.map((event, index) => [`notified${index}`, notifyEventSql(event)])),
    });
}

/**
 * Marks a queued (or retried) job processing and publishes `job.updated` for its session, in one
 * statement; answers undefined for a job that is missing or already settled.
 */
export async function startJob(db: DbOrTx, jobId: string): Promise<AgentJobRow | undefined> {
  const [claimed] = await db
    .update(agentJobs)
    .set({ status: 'processing', attempts: sql`${agentJobs.attempts} + 1`, startedAt: sql`coalesce(${agentJobs.startedAt}, now())` })
    .where(and(eq(agentJobs.id, jobId), inArray(agentJobs.status, ['queued', 'processing'])))
    // Outside a transaction block the NOTIFY goes out as the update commits.
    .returning({
      ...getTableColumns(agentJobs),
      notified: sql`${notifyEventSql({ topic: sessionTopicSql(agentJobs.sessionId), type: 'job.updated', id: jobId })}`,
    });
  if (!claimed) return undefined;
  const { notified: _, ...job } = claimed;
  return job;
}

export interface GeneratedFile {
  id: string;
  storedFilename: string;
  fileUrl: string;
  mimeType: string;
  fileSizeBytes: number;
  width: number;
  height: number;
}

/**
 * Completes a processing job in one transaction: the job's status, the session's image count
 * (through the sessions feature), the outputs as generated user files (through the uploads
 * feature) linked through generated_outputs in order, the reply's text and status, and the
 * events: the reply's `message.updated` and the job's `job.updated`. Answers false, writing
 * nothing, when the job was no longer processing (settled by another run): the job's row lock,
 * taken first, orders it against a stop or another run.
 */
export async function completeJob(
  db: DbOrTx,
  input: {
    jobId: string;
    description: string;
    replyText: string;
    replyCodes: CodedText[];
    nameStem: string;
    files: GeneratedFile[];
    engineModel?: string | undefined;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [finished] = await tx
      .update(agentJobs)
      .set({
        status: 'completed',
        error: null,
        completedAt: sql`now()`,
        // The model the engine says made them, where it only learns that from its server (A1111).
        engineModel: sql`coalesce(${input.engineModel ?? null}::text, ${agentJobs.engineModel})`,
      })
      .where(and(eq(agentJobs.id, input.jobId), eq(agentJobs.status, 'processing')))
      .returning({
        id: agentJobs.id,
        userId: agentJobs.userId,
        sessionId: agentJobs.sessionId,
        resultMessageId: agentJobs.resultMessageId,
      });
    if (!finished) return false;
    // Numbers the session's images after those made before: unique download names.
    const madeBefore = (await conversation.countImagesMade(tx, finished.sessionId, input.files.length)) ?? 0;
    await insertGeneratedFiles(
      tx,
      input.files.map((file, position) => ({
        id: file.id,
        userId: finished.userId,
        originalFilename: `${input.nameStem}-${madeBefore + position + 1}.${file.storedFilename.split('.').pop()}`,
        storedFilename: file.storedFilename,
        fileUrl: file.fileUrl,
        mimeType: file.mimeType,
        fileSizeBytes: file.fileSizeBytes,
        width: file.width,
        height: file.height,
        contentDescription: input.description,
      })),
    );
    if (input.files.length > 0)
      await tx.insert(generatedOutputs).values(input.files.map((file, position) => ({ jobId: finished.id, fileId: file.id, position })));
    if (finished.resultMessageId !== null)
      await conversation.updateReply(
        tx,
        { messageId: finished.resultMessageId },
        { contentText: input.replyText, contentCodes: input.replyCodes, processingStatus: 'completed' },
      );
    // The images replace the preview of them.
    await deletePreview(tx, finished.id);
    const topic = sessionTopic(finished.sessionId);
    const replyUpdated =
      finished.resultMessageId === null
        ? sql``
        : sql`${notifyEventSql({ topic, type: 'message.updated', id: finished.resultMessageId })}, `;
    await tx.execute(sql`select ${replyUpdated}${notifyEventSql({ topic, type: 'job.updated', id: finished.id })}`);
    return true;
  });
}

export async function finishJob(db: DbOrTx, jobId: string, values: { status: 'completed' | 'failed' | 'stopped'; error?: string }) {
  await db
    .update(agentJobs)
    .set({ status: values.status, error: values.error ?? null, completedAt: new Date() })
    .where(eq(agentJobs.id, jobId));
}

/** The message a job answers: its words and what it refers to (recorded when the job was made). */
export async function answeredMessageOf(
  db: DbOrTx,
  job: Pick<AgentJobRow, 'messageId' | 'userId'>,
): Promise<{ contentText: string; references: ContextReferences; requestedAspectRatio: AspectRatio | undefined; maskId: string | null }> {
  const [row] = await db
    .select({
      contentText: messages.contentText,
      refs: messages.contextReferences,
      requestedAspectRatio: messages.requestedAspectRatio,
      maskId: messages.maskId,
    })
    .from(messages)
    .where(and(eq(messages.id, job.messageId), eq(messages.userId, job.userId)));
  const refs = row?.refs;
  return {
    contentText: row?.contentText ?? '',
    maskId: row?.maskId ?? null,
    requestedAspectRatio: row?.requestedAspectRatio && isAspectRatio(row.requestedAspectRatio) ? row.requestedAspectRatio : undefined,
    references: {
      sourceImages: refs?.sourceImages ?? 'none',
      fileIds: refs?.fileIds ?? [],
      attachmentIds: refs?.attachmentIds ?? [],
      previousOutputId: refs?.previousOutputId ?? null,
    },
  };
}

/**
 * The plan a hosted model made in the job, kept for the job's retries and shown on the message,
 * in one transaction: the job's plan and (through the sessions feature) the message's.
 */
export async function recordJobPlan(
  db: DbOrTx,
  job: Pick<AgentJobRow, 'id' | 'messageId' | 'userId'>,
  plan: GenerationPlan,
  references: ContextReferences,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(agentJobs)
      .set({ plan, plannedAt: sql`now()` })
      .where(eq(agentJobs.id, job.id));
    await conversation.recordPlanOnMessage(tx, {
      userId: job.userId,
      messageId: job.messageId,
      plan,
      contextReferences: references,
      answered: false,
    });
  });
}

/**
 * A message whose reply was refused for lack of credit keeps that state (and its Retry action)
 * until a reply is paid for; its session hears of it.
 */
export async function markAwaitingCredit(db: DbOrTx, input: { userId: string; messageId: string }): Promise<void> {
  await conversation.markAwaitingCredit(db, input);
}

/** False when the file is gone (its account was deleted after the reply was out). */
export async function setThumbnailUrl(db: DbOrTx, fileId: string, thumbnailUrl: string): Promise<boolean> {
  return setFileThumbnailUrl(db, fileId, thumbnailUrl);
}

/** Which of these storage keys a file row holds. */
export async function storageKeysInUse(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: userFiles.storedFilename }).from(userFiles).where(inArray(userFiles.storedFilename, keys));
  return new Set(rows.map((row) => row.key));
}

/** What a variation of a reply repeats: the request its first version answered, as charged and planned. */
export interface VariationSource {
  sessionId: string;
  /** The user message the reply answers (every version answers it). */
  messageId: string;
  plan: GenerationPlan;
  imageCount: number;
  /** The engine the first version was made with. */
  engine: string;
  /** A version of this reply is still queued or being made. */
  busy: boolean;
  nextVersion: number;
  completedVersions: number[];
}

/**
 * Locks the user's reply row until the caller's transaction ends, so that variations asked for at
 * the same moment (a double click, two tabs) are decided one after another: each next one then
 * reads the versions the earlier one committed and finds a version being made. Locking the job
 * rows would not do: a statement that waited for them still reads the rows that existed when it
 * began, so it would miss the new version and pick the same number.
 */
export async function lockReply(tx: DbOrTx, userId: string, replyMessageId: string): Promise<void> {
  await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, replyMessageId), eq(messages.userId, userId)))
    .for('update');
}

/** The versions of a reply (a system message of the user's active session), or undefined. */
export async function variationSourceOf(db: DbOrTx, userId: string, replyMessageId: string): Promise<VariationSource | undefined> {
  const rows = await db
    .select({
      sessionId: agentJobs.sessionId,
      messageId: agentJobs.messageId,
      plan: agentJobs.plan,
      imageCount: agentJobs.imageCount,
      version: agentJobs.version,
      status: agentJobs.status,
      engine: agentJobs.engine,
    })
    .from(agentJobs)
    .innerJoin(chatSessions, eq(chatSessions.id, agentJobs.sessionId))
    .where(
      and(
        eq(agentJobs.resultMessageId, replyMessageId),
        eq(agentJobs.userId, userId),
        eq(chatSessions.userId, userId),
        eq(chatSessions.isActive, true),
      ),
    )
    .orderBy(agentJobs.version);
  const first = rows[0];
  if (!first || first.version !== 0) return undefined;
  return {
    sessionId: first.sessionId,
    messageId: first.messageId,
    plan: first.plan,
    imageCount: first.imageCount,
    engine: first.engine,
    busy: rows.some((row) => row.status === 'queued' || row.status === 'processing'),
    nextVersion: Math.max(...rows.map((row) => row.version)) + 1,
    completedVersions: rows.filter((row) => row.status === 'completed').map((row) => row.version),
  };
}

/**
 * A variation's job, paid for by the caller's transaction: the job (planned: it repeats the first
 * version's plan), the reply marked as working again (through the sessions feature), and the
 * events — delivered when the transaction commits.
 */
export async function recordVariation(
  tx: DbOrTx,
  input: {
    userId: string;
    replyMessageId: string;
    source: VariationSource;
    job: { id: string; engine: string; engineModel: string | null; priceCents: number; freeImagesUsed: number };
  },
): Promise<void> {
  const { userId, source, job } = input;
  const topic = sessionTopic(source.sessionId);
  await tx
    .insert(agentJobs)
    .values({
      id: job.id,
      userId,
      sessionId: source.sessionId,
      messageId: source.messageId,
      resultMessageId: input.replyMessageId,
      status: 'queued',
      engine: job.engine,
      engineModel: job.engineModel,
      plan: source.plan,
      version: source.nextVersion,
      imageCount: source.imageCount,
      priceCents: job.priceCents,
      freeImagesUsed: job.freeImagesUsed,
      plannedAt: sql`now()`,
    })
    .returning({
      messageUpdated: notifyEventSql({ topic, type: 'message.updated', id: input.replyMessageId }),
      jobUpdated: notifyEventSql({ topic, type: 'job.updated', id: job.id }),
    });
  // The new version will be the newest: shown, and (nothing chosen) the one follow-ups edit.
  await conversation.updateReply(tx, { messageId: input.replyMessageId, userId }, { processingStatus: 'processing', chosenVersion: null });
}

/** Records the version of a reply the user chose; false when the reply has no such finished version. */
export async function chooseVersion(db: DbOrTx, input: { userId: string; replyMessageId: string; version: number }): Promise<boolean> {
  return conversation.chooseReplyVersion(db, input);
}

/**
 * Puts a failed job back in the queue's hands (an operator's retry), in the caller's transaction:
 * queued again, its reply working again (through the sessions feature), with the events. Nothing
 * about its charge changes. False when the job is not failed (any more).
 */
export async function requeueFailedJob(tx: DbOrTx, input: { jobId: string; replyText: string; replyCodes: CodedText[] }): Promise<boolean> {
  const [requeued] = await tx
    .update(agentJobs)
    .set({ status: 'queued', error: null, startedAt: null, completedAt: null })
    .where(and(eq(agentJobs.id, input.jobId), eq(agentJobs.status, 'failed')))
    .returning({ id: agentJobs.id, sessionId: agentJobs.sessionId, resultMessageId: agentJobs.resultMessageId });
  if (!requeued) return false;
  const topic = sessionTopic(requeued.sessionId);
  if (requeued.resultMessageId !== null) {
    await conversation.updateReply(
      tx,
      { messageId: requeued.resultMessageId },
      { contentText: input.replyText, contentCodes: input.replyCodes, processingStatus: 'processing' },
    );
    await tx.execute(sql`select ${notifyEventSql({ topic, type: 'message.updated', id: requeued.resultMessageId })}`);
  }
  await tx.execute(sql`select ${notifyEventSql({ topic, type: 'job.updated', id: requeued.id })}`);
  return true;
}

import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { CodedText } from '@shared/coded-text';
import type { ContextReferences, GenerationPlan } from '@shared/generation';
import { AWAITING_CREDIT_STATUS, aroundPageSplit, type Message, type MessageFile } from '@shared/studio';
import type { DbOrTx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { agentJobs, attachments, chatSessions, messages, userFiles } from '../../db/schema';
import { notifyEventSql, type RealtimeEvent } from '../../realtime/events';
import { sessionTopicSql } from '../../realtime/topics';

export type MessageRecord = {
  id: string;
  session_id: string;
  user_id: string;
  role: 'user' | 'system';
  content_text: string;
  content_codes: CodedText[] | null;
  parent_message_id: string | null;
  processing_status: string | null;
  intent_data: unknown;
  context_references: unknown;
  timestamp_created: string;
  updated_at: string;
  chosen_version: number | null;
  files: MessageFile[] | null;
  engine: Message['engine'];
};

/**
 * Messages with their files as the spec maps them: files = attached uploads (in upload order)
 * followed by the outputs of the generation job this message carries (in output order).
 * Timestamps keep Postgres' microseconds, so a client's `after` cursor never re-reads the same row.
 */
const messagesWhere = (where: string, order: string, limit: string) => `
  select m.id, m.session_id, m.user_id, m.role, m.content_text, m.parent_message_id, m.processing_status,
    m.intent_data, m.context_references, m.chosen_version, m.content_codes,
    to_char(m.timestamp_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as timestamp_created,
    to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
    message_files.files,
    -- The session's jobs first (agent_jobs_session_created_idx): a reply's jobs are among them.
    (select json_build_object('kind', j.engine, 'model', j.engine_model) from agent_jobs j
      where j.session_id = m.session_id and j.result_message_id = m.id order by j.version desc limit 1) as engine
  from messages m
  join chat_sessions s on s.id = m.session_id
  left join lateral (
    select json_agg(json_build_object(
        'id', f.id, 'fileUrl', f.file_url, 'thumbnailUrl', coalesce(f.thumbnail_url, f.file_url),
        'originalFilename', f.original_filename, 'isGenerated', f.is_generated,
        'expired', f.expired_at is not null, 'contentDescription', f.content_description, 'version', f.version,
        'width', f.width, 'height', f.height,
        'engine', case when f.engine is null then null else json_build_object('kind', f.engine, 'model', f.engine_model) end
      ) order by f.source, f.version, f.position, f.upload_timestamp, f.id) as files
    from (
      select uf.*, 0 as source, 0 as version, 0 as position, null::text as engine, null::text as engine_model
      from attachments a join user_files uf on uf.id = a.file_id
      where a.message_id = m.id
      union all
      select uf.*, 1 as source, j.version, g.position, j.engine, j.engine_model
      from agent_jobs j
      join generated_outputs g on g.job_id = j.id
      join user_files uf on uf.id = g.file_id
      where j.result_message_id = m.id
    ) f
  ) message_files on true
  where ${where}
  ${order}
  ${limit}`;

// Pages of a session are ranges of messages_session_created_id_idx: the latest backwards, a catch-up forwards.
export const LATEST_PAGE: PreparedStatement = {
  name: 'messages-latest-page',
  text: messagesWhere('m.session_id = $1 and s.user_id = $2 and s.is_active', 'order by m.timestamp_created desc, m.id desc', 'limit $3'),
};
const PAGE_AFTER: PreparedStatement = {
  name: 'messages-page-after',
  text: messagesWhere(
    'm.session_id = $1 and s.user_id = $2 and s.is_active and m.timestamp_created > $3::timestamptz',
    'order by m.timestamp_created, m.id',
    'limit $4',
  ),
};
// The page before a message walks the same index backwards from that message's (timestamp, id);
// an anchor that is not a message of this session matches nothing.
const PAGE_BEFORE: PreparedStatement = {
  name: 'messages-page-before',
  text: messagesWhere(
    `m.session_id = $1 and s.user_id = $2 and s.is_active
      and (m.timestamp_created, m.id) < (select b.timestamp_created, b.id from messages b where b.id = $3::uuid and b.session_id = $1)`,
    'order by m.timestamp_created desc, m.id desc',
    'limit $4',
  ),
};
// The anchor and what follows it: the same index forwards from the anchor's (timestamp, id), anchor included.
const PAGE_FROM: PreparedStatement = {
  name: 'messages-page-from',
  text: messagesWhere(
    `m.session_id = $1 and s.user_id = $2 and s.is_active
      and (m.timestamp_created, m.id) >= (select b.timestamp_created, b.id from messages b where b.id = $3::uuid and b.session_id = $1)`,
    'order by m.timestamp_created, m.id',
    'limit $4',
  ),
};
const ONE_MESSAGE: PreparedStatement = {
  name: 'messages-one',
  text: messagesWhere('m.id = $1 and s.user_id = $2 and s.is_active', '', ''),
};

export function toMessage(row: MessageRecord): Message {
  return {
    id: row.id,
    session_id: row.session_id,
    contentText: row.content_text,
    contentCodes: row.content_codes ?? null,
    timestamp_created: row.timestamp_created,
    updated_at: row.updated_at,
    parent_message_id: row.parent_message_id,
    role: row.role,
    user_id: row.user_id,
    processing_status: row.processing_status,
    intent_data: row.intent_data ?? null,
    context_references: row.context_references ?? null,
    files: row.files ?? [],
    chosen_version: row.chosen_version,
    engine: row.engine ?? null,
  };
}

/**
 * A page of a session's messages, ascending. With `after` (exclusive) the first `limit` messages
 * after it — the reconnect catch-up; with `before` (a message id, exclusive) the `limit` messages
 * just older than that message — scrolling back through history; with `around` (a message id) that
 * message amid its neighbours (`aroundPageSplit`) — a link to an old message; without any the latest
 * `limit`, so a long chat opens at its end. The session must be the user's and active.
 */
export async function listSessionMessages(
  db: DbOrTx,
  userId: string,
  sessionId: string,
  options: { after?: string | undefined; before?: string | undefined; around?: string | undefined; limit: number },
): Promise<Message[]> {
  if (options.around !== undefined) {
    const split = aroundPageSplit(options.limit);
    // Two ranges of the same index, from the anchor's (timestamp, id) backwards and forwards.
    const [older, fromAnchor] = await Promise.all([
      split.older > 0 ? preparedRows<MessageRecord>(db, PAGE_BEFORE, [sessionId, userId, options.around, split.older]) : [],
      preparedRows<MessageRecord>(db, PAGE_FROM, [sessionId, userId, options.around, split.newer + 1]),
    ]);
    // No anchor row: the message is not one of this session's, and its neighbours mean nothing.
    if (fromAnchor.length === 0) return [];
    return [...older.reverse(), ...fromAnchor].map(toMessage);
  }
  if (options.after !== undefined)
    return (await preparedRows<MessageRecord>(db, PAGE_AFTER, [sessionId, userId, options.after, options.limit])).map(toMessage);
  if (options.before !== undefined)
    return (await preparedRows<MessageRecord>(db, PAGE_BEFORE, [sessionId, userId, options.before, options.limit]))
      .map(toMessage)
      .reverse();
  return (await preparedRows<MessageRecord>(db, LATEST_PAGE, [sessionId, userId, options.limit])).map(toMessage).reverse();
}

/** Whether the message is one of this session's (the session's owner is checked by the caller). */
export async function isMessageOfSession(db: DbOrTx, sessionId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.sessionId, sessionId)));
  return row !== undefined;
}

export async function findMessage(db: DbOrTx, userId: string, messageId: string): Promise<Message | undefined> {
  const [row] = await preparedRows<MessageRecord>(db, ONE_MESSAGE, [messageId, userId]);
  return row ? toMessage(row) : undefined;
}

export async function insertUserMessage(
  db: DbOrTx,
  values: {
    sessionId: string;
    userId: string;
    contentText: string;
    clientMessageId?: string | undefined;
    /** The selected area the request edits inside. */
    maskId?: string | undefined;
    /** The composer's picks for this request. */
    requested?: { engine?: string | undefined; aspectRatio?: string | undefined; imageCount?: number | undefined } | undefined;
  },
): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({
      sessionId: values.sessionId,
      userId: values.userId,
      role: 'user',
      contentText: values.contentText,
      parentMessageId: null,
      intentData: null,
      contextReferences: null,
      // The time of the insert, not of the transaction's start: a reconnecting client asks for
      // "after my last timestamp", and an early start time could fall behind what it already saw.
      timestampCreated: sql`clock_timestamp()`,
      clientMessageId: values.clientMessageId ?? null,
      maskId: values.maskId ?? null,
      requestedEngine: values.requested?.engine ?? null,
      requestedAspectRatio: values.requested?.aspectRatio ?? null,
      requestedImageCount: values.requested?.imageCount ?? null,
    })
    .returning({ id: messages.id });
  return row!.id;
}

/** The user's message sent with this client id, if one was. */
export async function findMessageByClientId(
  db: DbOrTx,
  userId: string,
  clientMessageId: string,
): Promise<{ id: string; sessionId: string } | undefined> {
  const [row] = await db
    .select({ id: messages.id, sessionId: messages.sessionId })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

export async function insertAttachments(db: DbOrTx, messageId: string, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.insert(attachments).values(fileIds.map((fileId) => ({ messageId, fileId })));
}

/**
 * The user's own files among `fileIds` that still exist, locked so a verdict cannot change (nor the
 * retention job delete them) while they are attached.
 */
export async function lockOwnFiles(db: DbOrTx, userId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  return db
    .select({ id: userFiles.id, verifiedEnum: userFiles.verifiedEnum, originalFilename: userFiles.originalFilename })
    .from(userFiles)
    .where(and(eq(userFiles.userId, userId), inArray(userFiles.id, fileIds), isNull(userFiles.expiredAt)))
    .for('share');
}

/**
 * The plan a reply follows and what it refers to, on the user message it answers. `answered`: the
 * reply is paid for now, so a message that waited for credit stops waiting. False when the message
 * is not this user's.
 */
export async function recordPlanOnMessage(
  db: DbOrTx,
  input: { userId: string; messageId: string; plan: GenerationPlan; contextReferences: ContextReferences; answered: boolean },
): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({
      intentData: input.plan,
      contextReferences: input.contextReferences,
      ...(input.answered ? { processingStatus: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(messages.id, input.messageId), eq(messages.userId, input.userId)))
    .returning({ id: messages.id });
  return rows.length === 1;
}

/** A reply (a server-written message) to a user message, working until its job settles. */
export async function insertReply(
  db: DbOrTx,
  input: { id: string; sessionId: string; userId: string; parentMessageId: string; contentText: string; contentCodes: CodedText[] },
): Promise<void> {
  await db.insert(messages).values({
    id: input.id,
    sessionId: input.sessionId,
    userId: input.userId,
    role: 'system',
    contentText: input.contentText,
    contentCodes: input.contentCodes,
    parentMessageId: input.parentMessageId,
    processingStatus: 'processing',
    // After the message it answers, even when both are written by one transaction.
    timestampCreated: sql`clock_timestamp()`,
  });
}

/**
 * A reply's words and state (a version being made again clears the chosen one). Answers the
 * reply's session, or undefined when there is no such reply (of this user, when one is given).
 */
export async function updateReply(
  db: DbOrTx,
  target: { messageId: string; userId?: string },
  values: { contentText?: string; contentCodes?: CodedText[]; processingStatus?: string; chosenVersion?: null },
): Promise<string | undefined> {
  const [row] = await db
    .update(messages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(messages.id, target.messageId), target.userId === undefined ? undefined : eq(messages.userId, target.userId)))
    .returning({ sessionId: messages.sessionId });
  return row?.sessionId;
}

/**
 * A message whose reply was refused for lack of credit keeps that state (and its Retry action)
 * until a reply is paid for; its session hears of it, in the same statement.
 */
export async function markAwaitingCredit(db: DbOrTx, input: { userId: string; messageId: string }): Promise<void> {
  await db
    .update(messages)
    .set({ processingStatus: AWAITING_CREDIT_STATUS, updatedAt: sql`now()` })
    .where(and(eq(messages.id, input.messageId), eq(messages.userId, input.userId), eq(messages.role, 'user')))
    .returning({
      notified: notifyEventSql({ topic: sessionTopicSql(messages.sessionId), type: 'message.updated', id: sql`${messages.id}` }),
    });
}

/**
 * Records the version of a reply (of the user's active session) the user chose, and tells its
 * session; false when the reply has no such finished version.
 */
export async function chooseReplyVersion(db: DbOrTx, input: { userId: string; replyMessageId: string; version: number }): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ chosenVersion: input.version, updatedAt: sql`now()` })
    .from(chatSessions)
    .where(
      and(
        eq(messages.id, input.replyMessageId),
        eq(messages.userId, input.userId),
        eq(chatSessions.id, messages.sessionId),
        eq(chatSessions.userId, input.userId),
        eq(chatSessions.isActive, true),
        exists(
          db
            .select({ id: agentJobs.id })
            .from(agentJobs)
            .where(
              and(eq(agentJobs.resultMessageId, messages.id), eq(agentJobs.version, input.version), eq(agentJobs.status, 'completed')),
            ),
        ),
      ),
    )
    .returning({
      notified: notifyEventSql({ topic: sessionTopicSql(messages.sessionId), type: 'message.updated', id: sql`${messages.id}` }),
    });
  return rows.length === 1;
}

/** A user message answered with words alone (no job, no charge), and its events. */
export interface AnsweredInWords {
  userId: string;
  sessionId: string;
  messageId: string;
  plan: GenerationPlan;
  reply: { id: string; contentText: string; contentCodes: CodedText[] };
  events: RealtimeEvent[];
}

/**
 * The plan on the user message and its finished reply, in one statement with the events. Asked
 * twice, the message keeps its first answer: the id answered is that reply's, and `added` says
 * whether this call wrote it (the caller then counts it in the session). Undefined when the
 * message is not the user's. Raw SQL: the reply is written only when none exists, in the same
 * statement that plans the message, so two concurrent answers cannot both add one.
 */
export async function insertAnswerInWords(tx: DbOrTx, input: AnsweredInWords): Promise<{ id: string; added: boolean } | undefined> {
  const { userId, sessionId, messageId, plan, reply } = input;
  const notifications = input.events.map((event) => sql`, ${notifyEventSql(event)}`);
  const result = await tx.execute<{ id: string; added: boolean }>(sql`
    with planned as (
      update messages set intent_data = ${JSON.stringify(plan)}::jsonb, processing_status = null, updated_at = now()
      where id = ${messageId}::uuid and user_id = ${userId}::text
      returning id
    ), earlier as (
      select r.id from messages r where r.parent_message_id = ${messageId}::uuid and r.user_id = ${userId}::text and r.role = 'system'
    ), reply as (
      insert into messages (id, session_id, user_id, role, content_text, content_codes, parent_message_id, processing_status, timestamp_created)
      select ${reply.id}::uuid, ${sessionId}::uuid, ${userId}::text, 'system'::message_role, ${reply.contentText}::text, ${JSON.stringify(reply.contentCodes)}::jsonb, planned.id, 'completed', clock_timestamp()
      from planned where not exists (select from earlier)
      returning id
    )
    select coalesce((select id from reply), (select id from earlier limit 1))::text as id,
      exists (select from reply) as added${sql.join(notifications)}
    from planned`);
  const row = result.rows[0];
  return row ? { id: row.id, added: row.added } : undefined;
}

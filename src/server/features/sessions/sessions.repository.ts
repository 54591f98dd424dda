import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentJobs, chatSessions } from '../../db/schema';

/** How many thumbnails a session card shows at most (spec 2, Sessions list). */
export const SESSION_THUMBNAIL_LIMIT = 4;

export interface SessionRow {
  id: string;
  sessionName: string | null;
  conversationTheme: string | null;
  totalMessages: number;
  createdAt: Date;
  updatedAt: Date;
  thumbnails: string[];
}

const sessionColumns = {
  id: chatSessions.id,
  sessionName: chatSessions.sessionName,
  conversationTheme: chatSessions.conversationTheme,
  totalMessages: chatSessions.totalMessages,
  createdAt: chatSessions.createdAt,
  updatedAt: chatSessions.updatedAt,
};

/**
 * The spec's get_chat_sessions_with_images as one query: the user's active sessions, newest
 * activity first, each with the thumbnails of its latest images — attached uploads and generated
 * outputs together, newest first, each image once.
 */
export function listActiveSessions(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return selectSessionCards(db, sql`s.user_id = ${userId} and s.is_active`);
}

/** An active session of this user, or undefined (another user's id looks like no id at all). */
export async function findActiveSession(db: DbOrTx, userId: string, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await selectSessionCards(db, sql`s.id = ${sessionId} and s.user_id = ${userId} and s.is_active`);
  return row;
}

async function selectSessionCards(db: DbOrTx, where: SQL): Promise<SessionRow[]> {
  const result = await db.execute<{
    id: string;
    session_name: string | null;
    conversation_theme: string | null;
    total_messages: number;
    created_at: Date | string;
    updated_at: Date | string;
    thumbnails: string[] | null;
  }>(sql`
    select s.id, s.session_name, s.conversation_theme, s.total_messages, s.created_at, s.updated_at, latest.thumbnails
    from chat_sessions s
    left join lateral (
      select array_agg(image.url order by image.at desc) as thumbnails
      from (
        select url, max(at) as at
        from (
          select coalesce(f.thumbnail_url, f.file_url) as url, m.timestamp_created as at
          from messages m
          join attachments a on a.message_id = m.id
          join user_files f on f.id = a.file_id
          where m.session_id = s.id
          union all
          select coalesce(f.thumbnail_url, f.file_url) as url, f.upload_timestamp as at
          from agent_jobs j
          join generated_outputs g on g.job_id = j.id
          join user_files f on f.id = g.file_id
          where j.session_id = s.id
        ) images_of_session
        group by url
        order by max(at) desc
        limit ${SESSION_THUMBNAIL_LIMIT}
      ) image
    ) latest on true
    where ${where}
    order by s.updated_at desc, s.id
  `);
  return result.rows.map((row) => ({
    id: row.id,
    sessionName: row.session_name,
    conversationTheme: row.conversation_theme,
    totalMessages: Number(row.total_messages),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    thumbnails: row.thumbnails ?? [],
  }));
}

export async function insertSession(db: DbOrTx, userId: string, sessionName: string | null): Promise<SessionRow> {
  const [row] = await db.insert(chatSessions).values({ userId, sessionName }).returning(sessionColumns);
  return { ...row!, thumbnails: [] };
}

export async function isActiveSessionOf(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.isActive, true)));
  return rows.length > 0;
}

/** Locks the session row so concurrent messages count one after another. */
export async function lockActiveSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.isActive, true)))
    .for('update');
  return rows.length > 0;
}

export async function renameSession(db: DbOrTx, userId: string, sessionId: string, sessionName: string): Promise<boolean> {
  const rows = await db
    .update(chatSessions)
    .set({ sessionName, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.isActive, true)))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

export async function deactivateSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(chatSessions)
    .set({ isActive: false })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.isActive, true)))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

/**
 * Names a session from its first request with words (issue 16 item 3); a session already named —
 * by an earlier request or by the user — keeps its name.
 */
export async function nameUnnamedSession(db: DbOrTx, sessionId: string, title: string): Promise<void> {
  await db
    .update(chatSessions)
    .set({ sessionName: title })
    .where(and(eq(chatSessions.id, sessionId), isNull(chatSessions.sessionName)));
}

/**
 * The hosted planner's title for a session's first request replaces the first words it was named
 * by — unless the user renamed the session meanwhile (then the name is theirs).
 */
export async function retitleSession(db: DbOrTx, input: { userId: string; sessionId: string; firstWordsTitle: string | null; title: string }): Promise<void> {
  await db
    .update(chatSessions)
    .set({ sessionName: input.title })
    .where(
      and(
        eq(chatSessions.id, input.sessionId),
        eq(chatSessions.userId, input.userId),
        input.firstWordsTitle === null ? isNull(chatSessions.sessionName) : or(isNull(chatSessions.sessionName), eq(chatSessions.sessionName, input.firstWordsTitle)),
      ),
    );
}

/** Counts a new message and marks the session as the newest activity. */
export async function recordMessageInSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(chatSessions)
    .set({ totalMessages: sql`${chatSessions.totalMessages} + 1`, updatedAt: sql`clock_timestamp()` })
    .where(eq(chatSessions.id, sessionId));
}

export async function latestJobStatus(db: DbOrTx, sessionId: string): Promise<(typeof agentJobs.$inferSelect)['status'] | undefined> {
  const [row] = await db
    .select({ status: agentJobs.status })
    .from(agentJobs)
    .where(eq(agentJobs.sessionId, sessionId))
    .orderBy(desc(agentJobs.createdAt))
    .limit(1);
  return row?.status;
}

export async function sessionNameOf(db: DbOrTx, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionName: chatSessions.sessionName })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)));
  return row?.sessionName ?? null;
}

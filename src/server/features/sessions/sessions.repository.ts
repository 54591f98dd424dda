import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotRead, preparedRows, type PreparedStatement } from '../../db/prepared';
import { type agentJobs, chatSessions } from '../../db/schema';

/** How many thumbnails a session card shows at most. */
export const SESSION_THUMBNAIL_LIMIT = 4;
/**
 * A card's thumbnails come from the session's latest attachments and latest outputs, this many of
 * each, read backwards along their indexes — not from every image of a long chat. Four distinct
 * images among the latest 24 of each kind is all a card needs; a chat that attached one photo
 * 24 times in a row shows fewer thumbnails than it could.
 */
const RECENT_IMAGES_SCANNED = 24;

export interface SessionRow {
  id: string;
  sessionName: string | null;
  conversationTheme: string | null;
  totalMessages: number;
  createdAt: Date;
  updatedAt: Date;
  thumbnails: string[];
  /** Search results only: the newest message whose words matched. */
  matchedMessageId?: string | null;
}

const sessionColumns = {
  id: chatSessions.id,
  sessionName: chatSessions.sessionName,
  conversationTheme: chatSessions.conversationTheme,
  totalMessages: chatSessions.totalMessages,
  createdAt: chatSessions.createdAt,
  updatedAt: chatSessions.updatedAt,
};

/** Where a page of the sessions list starts: after this card, in (updated_at desc, id desc) order. */
export interface SessionsCursor {
  /** updated_at with Postgres' microseconds, as text (a JavaScript Date would lose them). */
  updatedAt: string;
  id: string;
}

/**
 * The cards of the sessions `page` selects (in their order), with the thumbnails of their latest
 * images — attached uploads and generated outputs together, newest first, each image once.
 */
export const cardsOf = (page: string, extraColumns = '') => `
  select s.id, s.session_name, s.conversation_theme, s.total_messages, s.created_at, s.updated_at,
    to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_updated_at,
    latest.thumbnails${extraColumns}
  from (${page}) s
  left join lateral (
    select array_agg(image.url order by image.at desc) as thumbnails
    from (
      select url, max(at) as at
      from (
        (select coalesce(f.thumbnail_url, f.file_url) as url, m.timestamp_created as at
        from messages m
        join attachments a on a.message_id = m.id
        join user_files f on f.id = a.file_id
        where m.session_id = s.id and f.expired_at is null
        order by m.timestamp_created desc, m.id desc
        limit ${RECENT_IMAGES_SCANNED})
        union all
        (select coalesce(f.thumbnail_url, f.file_url) as url, f.upload_timestamp as at
        from agent_jobs j
        join generated_outputs g on g.job_id = j.id
        join user_files f on f.id = g.file_id
        where j.session_id = s.id and f.expired_at is null
        order by j.created_at desc, g.position desc
        limit ${RECENT_IMAGES_SCANNED})
      ) images_of_session
      group by url
      order by max(at) desc
      limit ${SESSION_THUMBNAIL_LIMIT}
    ) image
  ) latest on true
  order by s.updated_at desc, s.id desc`;

export const FIRST_PAGE: PreparedStatement = {
  name: 'sessions-first-page',
  text: cardsOf('select * from chat_sessions where user_id = $1 and is_active order by updated_at desc, id desc limit $2'),
};
const NEXT_PAGE: PreparedStatement = {
  name: 'sessions-next-page',
  text: cardsOf(
    'select * from chat_sessions where user_id = $1 and is_active and (updated_at, id) < ($3::timestamptz, $4::uuid) order by updated_at desc, id desc limit $2',
  ),
};
const ONE_SESSION: PreparedStatement = {
  name: 'sessions-one',
  text: cardsOf('select * from chat_sessions where id = $1 and user_id = $2 and is_active'),
};

/**
 * The spec's get_chat_sessions_with_images, a page at a time: the user's active sessions, newest
 * activity first, each with its thumbnails. The page is chosen first, in the order of
 * chat_sessions_user_active_updated_id_idx, and only its cards get thumbnails, so a page costs
 * the same with 20 sessions or 1,000. One row more than asked tells whether a next page exists.
 */
export async function listActiveSessions(
  db: DbOrTx,
  userId: string,
  page: { limit: number; after?: SessionsCursor | undefined },
): Promise<{ rows: SessionRow[]; next: SessionsCursor | null }> {
  const rows = (
    page.after
      ? await preparedRows<SessionCardRecord>(db, NEXT_PAGE, [userId, page.limit + 1, page.after.updatedAt, page.after.id])
      : await preparedRows<SessionCardRecord>(db, FIRST_PAGE, [userId, page.limit + 1])
  ).map(toSessionRow);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return { rows: shown, next: more && last ? { updatedAt: last.cursorUpdatedAt, id: last.id } : null };
}

/** An active session of this user, or undefined (another user's id looks like no id at all). */
export async function findActiveSession(db: DbOrTx, userId: string, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await preparedRows<SessionCardRecord>(db, ONE_SESSION, [sessionId, userId]);
  return row && toSessionRow(row);
}

export interface SessionCardRecord {
  id: string;
  session_name: string | null;
  conversation_theme: string | null;
  total_messages: number;
  created_at: Date | string;
  updated_at: Date | string;
  cursor_updated_at: string;
  thumbnails: string[] | null;
  matched_message_id?: string | null;
}

export function toSessionRow(row: SessionCardRecord): SessionRow & { cursorUpdatedAt: string } {
  return {
    id: row.id,
    sessionName: row.session_name,
    conversationTheme: row.conversation_theme,
    totalMessages: Number(row.total_messages),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    cursorUpdatedAt: row.cursor_updated_at,
    thumbnails: row.thumbnails ?? [],
    ...(row.matched_message_id === undefined ? {} : { matchedMessageId: row.matched_message_id }),
  };
}

export async function insertSession(db: DbOrTx, userId: string, sessionName: string | null): Promise<SessionRow> {
  const [row] = await db.insert(chatSessions).values({ userId, sessionName }).returning(sessionColumns);
  return { ...row!, thumbnails: [] };
}

export const IS_ACTIVE_SESSION_OF = hotRead((db) =>
  db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.id, sql.placeholder('sessionId')),
        eq(chatSessions.userId, sql.placeholder('userId')),
        eq(chatSessions.isActive, true),
      ),
    )
    .prepare('sessions-is-active-of'),
);

/** Checked before every read of a session's messages or events: one prepared statement. */
export async function isActiveSessionOf(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  return (await IS_ACTIVE_SESSION_OF(db).execute({ sessionId, userId })).length > 0;
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
    .set({ isActive: false, deletedAt: sql`now()` })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.isActive, true)))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

/**
 * Names a session from its first request with words; a session already named —
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
export async function retitleSession(
  db: DbOrTx,
  input: { userId: string; sessionId: string; firstWordsTitle: string | null; title: string },
): Promise<void> {
  await db
    .update(chatSessions)
    .set({ sessionName: input.title })
    .where(
      and(
        eq(chatSessions.id, input.sessionId),
        eq(chatSessions.userId, input.userId),
        input.firstWordsTitle === null
          ? isNull(chatSessions.sessionName)
          : or(isNull(chatSessions.sessionName), eq(chatSessions.sessionName, input.firstWordsTitle)),
      ),
    );
}

/**
 * Counts a new message and marks the session as the newest activity. The one place that keeps
 * chat_sessions.total_messages: the user's messages and the replies to them both count here.
 */
export async function recordMessageInSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(chatSessions)
    .set({ totalMessages: sql`${chatSessions.totalMessages} + 1`, updatedAt: sql`clock_timestamp()` })
    .where(eq(chatSessions.id, sessionId));
}

/** The state of the session's latest generation job, and the engine last chosen in it (one query). */
export async function sessionActivityOf(
  db: DbOrTx,
  sessionId: string,
): Promise<{ jobStatus: (typeof agentJobs.$inferSelect)['status'] | undefined; engine: string | null }> {
  const [row] = await db
    .select({
      engine: chatSessions.engine,
      // Spelled out: in a one-table select drizzle leaves column names unqualified, and "id" would be the job's.
      jobStatus: sql<
        (typeof agentJobs.$inferSelect)['status'] | null
      >`(select j.status from agent_jobs j where j.session_id = chat_sessions.id order by j.created_at desc limit 1)`,
    })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId));
  return { jobStatus: row?.jobStatus ?? undefined, engine: row?.engine ?? null };
}

/** Remembers the engine chosen for a message as the session's (the composer's picker starts there). */
export async function rememberSessionEngine(db: DbOrTx, sessionId: string, engine: string): Promise<void> {
  await db.update(chatSessions).set({ engine }).where(eq(chatSessions.id, sessionId));
}

export async function sessionNameOf(db: DbOrTx, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionName: chatSessions.sessionName })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)));
  return row?.sessionName ?? null;
}

/** Marks the session as the newest activity (a reply changed). */
export async function touchSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(chatSessions)
    .set({ updatedAt: sql`now()` })
    .where(eq(chatSessions.id, sessionId));
}

/**
 * Counts `count` images made in the session and marks it as the newest activity; answers how many
 * were made before them (undefined: no such session). The row lock orders concurrent jobs until
 * their transactions end, so each numbers its images after the last one's: unique download names.
 */
export async function countImagesMade(db: DbOrTx, sessionId: string, count: number): Promise<number | undefined> {
  const [row] = await db
    .update(chatSessions)
    .set({ imagesMade: sql`${chatSessions.imagesMade} + ${count}::int`, updatedAt: sql`now()` })
    .where(eq(chatSessions.id, sessionId))
    .returning({ imagesMade: chatSessions.imagesMade });
  return row && row.imagesMade - count;
}

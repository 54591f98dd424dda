import { coded } from '@shared/coded-text';
import { engineKindSchema } from '@shared/engines';
import { AppError } from '@shared/errors';
import type { Message, SessionDetail, SessionsPage, SessionStatus, SessionSummary } from '@shared/studio';
import type { AppDeps } from '../../context';
import { titleFromRequest } from '@shared/session-title';
import type { Db } from '../../db/client';
import { deleteFilesOfDeletedSession } from '../retention/retention.service';
import { isMessageOfSession, listSessionMessages } from './messages.repository';
import { searchActiveSessions } from './session-search.repository';
import {
  deactivateSession,
  findActiveSession,
  insertSession,
  isActiveSessionOf,
  sessionActivityOf,
  listActiveSessions,
  renameSession,
  retitleSession,
  sessionNameOf,
  type SessionRow,
  type SessionsCursor,
} from './sessions.repository';

export const SESSION_NOT_FOUND_MESSAGE = 'Chat session not found';
export const MESSAGE_NOT_FOUND_MESSAGE = 'Message not found';

function toSummary(row: SessionRow): SessionSummary {
  return {
    id: row.id,
    session_name: row.sessionName,
    conversation_theme: row.conversationTheme,
    total_messages: row.totalMessages,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    thumbnails: row.thumbnails,
    ...(row.matchedMessageId === undefined ? {} : { matched_message_id: row.matchedMessageId }),
  };
}

/** The header badge follows the session's latest generation job. */
const STATUS_OF_JOB: Record<NonNullable<Awaited<ReturnType<typeof sessionActivityOf>>['jobStatus']>, SessionStatus> = {
  queued: 'processing',
  processing: 'processing',
  completed: 'completed',
  failed: 'error',
  // Stopped by its user and refunded: nothing is running, nothing went wrong.
  stopped: 'idle',
};

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

/** One page of the sessions list; `cursor` is the `next_cursor` of the page before. */
export async function listSessions(
  db: Db,
  userId: string,
  page: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<SessionsPage> {
  const after = page.cursor === undefined ? undefined : parseCursor(page.cursor);
  const { rows, next } =
    page.q === undefined
      ? await listActiveSessions(db, userId, { limit: page.limit, after })
      : await searchActiveSessions(db, userId, page.q, { limit: page.limit, after });
  return { sessions: rows.map(toSummary), next_cursor: next ? `${next.updatedAt}_${next.id}` : null };
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function parseCursor(cursor: string): SessionsCursor {
  const match = CURSOR.exec(cursor);
  if (!match) throw new AppError('VALIDATION_ERROR', INVALID_CURSOR_MESSAGE, { text: coded('error.invalidCursor') });
  return { updatedAt: match[1]!, id: match[2]! };
}

export async function createSession(db: Db, userId: string, sessionName: string | undefined): Promise<SessionSummary> {
  return toSummary(await insertSession(db, userId, sessionName ?? null));
}

export async function getSession(db: Db, userId: string, sessionId: string): Promise<SessionDetail> {
  const row = await findActiveSession(db, userId, sessionId);
  if (!row) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND_MESSAGE, { text: coded('error.sessionNotFound') });
  const { jobStatus, engine } = await sessionActivityOf(db, sessionId);
  const remembered = engineKindSchema.safeParse(engine);
  return { ...toSummary(row), status: jobStatus ? STATUS_OF_JOB[jobStatus] : 'idle', engine: remembered.success ? remembered.data : null };
}

export async function renameOwnSession(db: Db, userId: string, sessionId: string, sessionName: string): Promise<SessionSummary> {
  if (!(await renameSession(db, userId, sessionId, sessionName)))
    throw new AppError('NOT_FOUND', SESSION_NOT_FOUND_MESSAGE, { text: coded('error.sessionNotFound') });
  return toSummary((await findActiveSession(db, userId, sessionId))!);
}

/**
 * Soft delete (is_active false): the session and its messages disappear for the user, and
 * its uploaded and generated files that no other session uses are deleted (storage and rows) —
 * those a running reply still needs once it settles, by the retention job (decision 015).
 */
export async function deleteSession(deps: Pick<AppDeps, 'db' | 'storage'>, userId: string, sessionId: string): Promise<void> {
  if (!(await deactivateSession(deps.db, userId, sessionId)))
    throw new AppError('NOT_FOUND', SESSION_NOT_FOUND_MESSAGE, { text: coded('error.sessionNotFound') });
  await deleteFilesOfDeletedSession(deps, userId, sessionId);
}

/** Throws NOT_FOUND unless the session is the user's and active. */
export async function assertOwnActiveSession(db: Db, userId: string, sessionId: string): Promise<void> {
  if (!(await isActiveSessionOf(db, userId, sessionId)))
    throw new AppError('NOT_FOUND', SESSION_NOT_FOUND_MESSAGE, { text: coded('error.sessionNotFound') });
}

/**
 * A page of the user's session. A `before` or `around` anchor that is not a message of this
 * session is NOT_FOUND, like the session of another user: an empty page means only "the start of
 * the conversation" (a page around a message always holds that message).
 */
export async function getSessionMessages(
  db: Db,
  userId: string,
  sessionId: string,
  options: { after?: string | undefined; before?: string | undefined; around?: string | undefined; limit: number },
): Promise<Message[]> {
  await assertOwnActiveSession(db, userId, sessionId);
  const page = await listSessionMessages(db, userId, sessionId, options);
  if (page.length === 0 && options.around !== undefined) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
  if (page.length === 0 && options.before !== undefined && !(await isMessageOfSession(db, sessionId, options.before))) {
    throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE, { text: coded('error.messageNotFound') });
  }
  return page;
}

/**
 * A hosted planner's title for a request: it replaces the first words the request named its
 * session by, unless the user renamed the session meanwhile; a later request's title is ignored.
 */
export async function titleSessionByPlanner(
  db: Db,
  input: { userId: string; sessionId: string; requestText: string; title: string },
): Promise<void> {
  await retitleSession(db, {
    userId: input.userId,
    sessionId: input.sessionId,
    firstWordsTitle: titleFromRequest(input.requestText),
    title: input.title,
  });
}

/** The session's current title (null while unnamed): generated images are named after it. */
export function sessionTitleOf(db: Db, userId: string, sessionId: string): Promise<string | null> {
  return sessionNameOf(db, userId, sessionId);
}

import { coded } from '@shared/coded-text';
import type { EngineKind, GenerationChoice } from '@shared/engines';
import { AppError } from '@shared/errors';
import type { Message, ReplyAccepted } from '@shared/studio';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { publishEvent } from '../../realtime/events';
import { titleFromRequest } from '@shared/session-title';
import { insertSession, lockActiveSession, nameUnnamedSession, recordMessageInSession, rememberSessionEngine } from './sessions.repository';
import { sessionTopic } from '../../realtime/topics';
import { MESSAGE_NOT_FOUND_MESSAGE, SESSION_NOT_FOUND_MESSAGE } from './sessions.service';
import { isUniqueViolation } from '../../db/pg-errors';
import { assertMaskForMessage } from '../masks/masks.service';
import { findMessage, findMessageByClientId, insertAttachments, insertUserMessage, lockOwnFiles } from './messages.repository';

export { MESSAGE_NOT_FOUND_MESSAGE };

export interface SendMessage {
  /** 'new' or absent: the session is created with the message. */
  sessionId?: string | undefined;
  contentText: string;
  fileIds: string[];
  /** Start the paid reply in the same transaction. */
  requestReply?: boolean | undefined;
  /** The client's id for the message: the same id sent again is the same message, charged once. */
  clientMessageId?: string | undefined;
  /** A selected area (POST /api/masks) of the message's one image: the edit changes nothing outside it. */
  maskId?: string | undefined;
  /** What the composer's pickers chose for its reply; the engine is remembered as the session's. */
  choice?: GenerationChoice | undefined;
}

/**
 * Starts the paid reply to a message just stored, in the caller's transaction; short of credit, it
 * leaves the message awaiting credit and answers why instead of throwing. The generation feature
 * does this (it uses sessions, so sessions cannot import it back); the composition root hands it in.
 */
export type StartReply = (
  tx: DbOrTx,
  message: { userId: string; sessionId: string; messageId: string },
) => Promise<{ reply: ReplyAccepted | null; reply_error: { code: string; message: string } | null }>;

/** What sending needs of the generation feature, handed in by the composition root like `StartReply`. */
export interface ReplyStarter {
  startReply: StartReply;
  /** Refuses (400, with the engines that can) an engine this server does not offer. */
  assertEngineOffered(engine: EngineKind): void;
}

export interface SendDeps extends ReplyStarter {
  db: Db;
}

export type SentMessage = { session_id: string; message: Message } & Partial<Awaited<ReturnType<StartReply>>>;

/**
 * Sends a user message. Session (when new), message, attachments, the session's counters — and,
 * with `requestReply`, the paid reply (or, short of credit, the message's "awaiting credit" state)
 * — are written in one transaction, so a failure or a dropped connection cannot leave a session
 * without its message, a message without its images, or a message nobody answers; subscribers
 * hear of it only once it is committed.
 */
export async function sendMessage(deps: SendDeps, userId: string, input: SendMessage): Promise<SentMessage> {
  const { clientMessageId } = input;
  if (clientMessageId) {
    const sent = await alreadySent(deps.db, userId, clientMessageId);
    if (sent) return sent;
  }
  try {
    return await storeMessage(deps, userId, input);
  } catch (error) {
    // The same send, twice at once: the first one's message stands, and it is the answer to both.
    const sent = clientMessageId && isUniqueViolation(error) ? await alreadySent(deps.db, userId, clientMessageId) : undefined;
    if (sent) return sent;
    throw error;
  }
}

/** A repeated send answers with the message it stored; its reply (if any) was started then, once. */
async function alreadySent(db: Db, userId: string, clientMessageId: string): Promise<SentMessage | undefined> {
  const existing = await findMessageByClientId(db, userId, clientMessageId);
  if (!existing) return undefined;
  const message = await findMessage(db, userId, existing.id);
  return message ? { session_id: existing.sessionId, message } : undefined;
}

async function storeMessage(deps: SendDeps, userId: string, input: SendMessage): Promise<SentMessage> {
  const { db } = deps;
  const fileIds = [...new Set(input.fileIds)];
  return db.transaction(async (tx) => {
    await assertAttachable(tx, userId, fileIds);
    if (input.maskId) await assertMaskForMessage(tx, userId, input.maskId, fileIds);
    let sessionId: string;
    if (input.sessionId === undefined || input.sessionId === 'new') {
      sessionId = (await insertSession(tx, userId, null)).id;
    } else {
      if (!(await lockActiveSession(tx, userId, input.sessionId)))
        throw new AppError('NOT_FOUND', SESSION_NOT_FOUND_MESSAGE, { text: coded('error.sessionNotFound') });
      sessionId = input.sessionId;
    }
    const choice = input.choice ?? {};
    if (choice.engine) {
      // An engine that is not offered is refused (400) before anything is kept.
      deps.assertEngineOffered(choice.engine);
      await rememberSessionEngine(tx, sessionId, choice.engine);
    }
    const messageId = await insertUserMessage(tx, {
      sessionId,
      userId,
      contentText: input.contentText,
      clientMessageId: input.clientMessageId,
      maskId: input.maskId,
      requested: choice,
    });
    await insertAttachments(tx, messageId, fileIds);
    await recordMessageInSession(tx, sessionId);
    const title = titleFromRequest(input.contentText);
    if (title) await nameUnnamedSession(tx, sessionId, title);
    await publishEvent(tx, { topic: sessionTopic(sessionId), type: 'message.created', id: messageId });
    const reply = input.requestReply ? await deps.startReply(tx, { userId, sessionId, messageId }) : {};
    const message = await findMessage(tx, userId, messageId);
    return { session_id: sessionId, message: message!, ...reply };
  });
}

/** Only the user's own approved images may be attached; someone else's id is "not found". */
async function assertAttachable(db: Tx, userId: string, fileIds: string[]): Promise<void> {
  const files = await lockOwnFiles(db, userId, fileIds);
  if (files.length !== fileIds.length) throw new AppError('NOT_FOUND', 'File not found', { text: coded('error.fileNotFound') });
  for (const file of files) {
    if (file.verifiedEnum === 'pending')
      throw new AppError('BAD_REQUEST', `Image "${file.originalFilename}" is still being checked. Send it once it is ready.`, {
        text: coded('error.imageBeingChecked', { name: file.originalFilename }),
      });
    if (file.verifiedEnum === 'rejected')
      throw new AppError('BAD_REQUEST', `Image "${file.originalFilename}" is not allowed and cannot be attached.`, {
        text: coded('error.imageNotAllowed', { name: file.originalFilename }),
      });
  }
}

export async function getMessage(db: Db, userId: string, messageId: string): Promise<Message> {
  const message = await findMessage(db, userId, messageId);
  if (!message) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE, { text: coded('error.messageNotFound') });
  return message;
}

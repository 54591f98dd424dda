import type { DbOrTx } from '../../db/client';
import { insertAnswerInWords, type AnsweredInWords } from './messages.repository';
import { recordMessageInSession } from './sessions.repository';

/**
 * What other features write to a conversation, each inside the caller's transaction: the messages
 * and chat_sessions tables are this feature's, so a reply's generation records its plan, its reply
 * and the session's counters through these (decision 042) rather than writing the tables itself.
 */
export { chooseReplyVersion, insertReply, markAwaitingCredit, recordPlanOnMessage, updateReply } from './messages.repository';
export type { AnsweredInWords } from './messages.repository';
export { countImagesMade, recordMessageInSession, touchSession } from './sessions.repository';

/**
 * A user message answered with words alone (no job, no charge): its plan, the finished reply, and
 * the reply counted in the session when this call added it. Answers the reply's id (the first
 * answer's when asked twice), or undefined when the message is not the user's.
 */
export async function recordAnswerInWords(tx: DbOrTx, input: AnsweredInWords): Promise<string | undefined> {
  const answered = await insertAnswerInWords(tx, input);
  if (answered?.added) await recordMessageInSession(tx, input.sessionId);
  return answered?.id;
}

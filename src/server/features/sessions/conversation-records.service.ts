/**
 * What other features write to a conversation, each inside the caller's transaction: the messages
 * and chat_sessions tables are this feature's, so a reply's generation records its plan, its reply
 * and the session's counters through these (decision 042) rather than writing the tables itself.
 */
export { chooseReplyVersion, insertReply, markAwaitingCredit, recordPlanOnMessage, updateReply } from './messages.repository';
export { countImagesMade, recordMessageInSession, touchSession } from './sessions.repository';

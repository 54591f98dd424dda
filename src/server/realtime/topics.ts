import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Realtime topics (see realtime/events.ts): one per session for its messages and jobs, one per user for their files. */
const SESSION_TOPIC_PREFIX = 'session:';
export type SessionTopic = `${typeof SESSION_TOPIC_PREFIX}${string}`;
export type UserTopic = `user:${string}`;
export const sessionTopic = (sessionId: string): SessionTopic => `${SESSION_TOPIC_PREFIX}${sessionId}`;
export const userTopic = (userId: string): UserTopic => `user:${userId}`;

/** `sessionTopic` of a row's session, for an event published by the statement that writes the row. */
export const sessionTopicSql = (sessionIdColumn: PgColumn | SQL) => sql`${SESSION_TOPIC_PREFIX}::text || ${sessionIdColumn}::text`;

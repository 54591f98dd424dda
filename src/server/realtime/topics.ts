import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Realtime topics (see realtime/events.ts): one per session for its messages and jobs, one per user
 * for their files, and one per sign-in session (better-auth's) that says when it ended.
 */
const SESSION_TOPIC_PREFIX = 'session:';
export type SessionTopic = `${typeof SESSION_TOPIC_PREFIX}${string}`;
export type UserTopic = `user:${string}`;
export const sessionTopic = (sessionId: string): SessionTopic => `${SESSION_TOPIC_PREFIX}${sessionId}`;
export const userTopic = (userId: string): UserTopic => `user:${userId}`;
/** One per generation job, heard by the process that runs it (a Stop from any API process). */
export type JobTopic = `job:${string}`;
export const jobTopic = (jobId: string): JobTopic => `job:${jobId}`;
/** Published by a trigger on better-auth's session table whenever a row goes (sign-out, revocation, deleted account). */
export type AuthSessionTopic = `auth-session:${string}`;
export const authSessionTopic = (authSessionId: string): AuthSessionTopic => `auth-session:${authSessionId}`;

/** `sessionTopic` of a row's session, for an event published by the statement that writes the row. */
export const sessionTopicSql = (sessionIdColumn: PgColumn | SQL) => sql`${SESSION_TOPIC_PREFIX}::text || ${sessionIdColumn}::text`;

/** Realtime topics (see realtime/events.ts): one per session for its messages, one per user for their files. */
export const sessionTopic = (sessionId: string) => `session:${sessionId}`;
export const userTopic = (userId: string) => `user:${userId}`;

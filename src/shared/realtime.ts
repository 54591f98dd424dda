import { z } from 'zod';

/**
 * Realtime events (LISTEN/NOTIFY fanned out to Server-Sent Events), one union for the server that
 * publishes them and the client that listens. An event is a pointer: `id` names the row that
 * changed and subscribers fetch it, so a payload never carries data, let alone another user's.
 */

/** On a session's topic: its messages, and its generation jobs (the header's status badge). */
export const SESSION_EVENT_TYPES = ['message.created', 'message.updated', 'job.updated'] as const;
export type SessionEventType = (typeof SESSION_EVENT_TYPES)[number];

/** On a user's topic: their files (an upload's verdict). */
export type UserEventType = 'file.updated';

/** The data of a session stream's `message` and `session` events: what changed; the client fetches it. */
export const sessionEventSchema = z.object({ id: z.string(), type: z.enum(SESSION_EVENT_TYPES) });
export type SessionEvent = z.infer<typeof sessionEventSchema>;

/**
 * The event names of GET /api/sessions/{id}/events: `ready` once subscribed (and again after the
 * server's listener reconnected: catch up then), `message` when a message was created or updated,
 * `session` when the session's generation job changed (its status badge).
 */
export const SESSION_STREAM_EVENTS = { ready: 'ready', message: 'message', session: 'session' } as const;

/** Which stream event carries an event of this type. */
export function streamEventOf(type: SessionEventType): 'message' | 'session' {
  return type === 'job.updated' ? SESSION_STREAM_EVENTS.session : SESSION_STREAM_EVENTS.message;
}

import { z } from 'zod';
import { replyProgressSchema } from './reply-progress';

/**
 * Realtime events (LISTEN/NOTIFY fanned out to Server-Sent Events), one union for the server that
 * publishes them and the client that listens. An event is a pointer: `id` names the row that
 * changed and subscribers fetch it, so a payload never carries data, let alone another user's.
 */

/**
 * On a session's topic: its messages, its generation jobs (the header's status badge), and how far
 * a running job has got (`job.progress`, the one event that carries its data: a few numbers of the
 * session's own reply, so the chat's bar moves without a fetch per step).
 */
export const SESSION_EVENT_TYPES = ['message.created', 'message.updated', 'job.updated', 'job.progress'] as const;
export type SessionEventType = (typeof SESSION_EVENT_TYPES)[number];

/** On a user's topic: their files (an upload's verdict). */
export type UserEventType = 'file.updated';

/** The data of a session stream's `message` and `session` events: what changed; the client fetches it. */
export const sessionEventSchema = z.object({ id: z.string(), type: z.enum(SESSION_EVENT_TYPES), progress: replyProgressSchema.optional() });
export type SessionEvent = z.infer<typeof sessionEventSchema>;

/**
 * The event names of GET /api/sessions/{id}/events: `ready` once subscribed (and again after the
 * server's listener reconnected: catch up then), `message` when a message was created or updated,
 * `session` when the session's generation job changed (its status badge), `progress` as a running
 * job reports how far it got (data: {id, type, progress}), and `closed` just before
 * the server ends the stream for a reason the client must act on (`streamClosedSchema`).
 */
export const SESSION_STREAM_EVENTS = {
  ready: 'ready',
  message: 'message',
  session: 'session',
  progress: 'progress',
  closed: 'closed',
} as const;

/**
 * Why the server ended a stream. `too-many-streams`: the user opened more than the server keeps
 * (EVENT_STREAMS_PER_USER), and this was the oldest — reconnect when the page is in use again.
 * `session-ended`: the sign-in session was signed out, revoked or expired — reconnecting would be
 * refused; the user must sign in again.
 */
export const STREAM_CLOSE_REASONS = ['too-many-streams', 'session-ended'] as const;
export type StreamCloseReason = (typeof STREAM_CLOSE_REASONS)[number];
export const streamClosedSchema = z.object({ reason: z.enum(STREAM_CLOSE_REASONS) });
export type StreamClosed = z.infer<typeof streamClosedSchema>;

/** Which stream event carries an event of this type. */
export function streamEventOf(type: SessionEventType): 'message' | 'session' | 'progress' {
  if (type === 'job.progress') return SESSION_STREAM_EVENTS.progress;
  return type === 'job.updated' ? SESSION_STREAM_EVENTS.session : SESSION_STREAM_EVENTS.message;
}

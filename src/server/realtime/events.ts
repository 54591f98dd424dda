import { sql, type SQL } from 'drizzle-orm';
import type { SessionEventType, UserEventType } from '@shared/realtime';
import type { ReplyProgress } from '@shared/reply-progress';
import type { DbOrTx } from '../db/client';
import type { PgListener } from './pg-listener';
import type { AuthSessionTopic, JobTopic, SessionTopic, UserTopic } from './topics';

export const EVENTS_CHANNEL = 'photomuse_events';

/**
 * Events are small pointers ("message X of session Y changed"); subscribers fetch the data they
 * point at, so a payload never outgrows NOTIFY's 8 kB and never carries another user's data.
 * Their types are the union shared with the web client (@shared/realtime), each on its topic.
 */
export type RealtimeEvent =
  | { topic: SessionTopic; type: SessionEventType; id: string; progress?: ReplyProgress }
  | { topic: UserTopic; type: UserEventType; id: string }
  | JobStopEvent;

/**
 * The user stopped job `id`: whichever process runs it aborts its engine call. The job is already
 * settled (refunded) when this goes out; it stays on the server.
 */
export type JobStopEvent = { topic: JobTopic; type: 'job.stop'; id: string };

/**
 * The sign-in session `id` ended (signed out, revoked by a password change or reset, or its
 * account deleted). Published by the database itself, a trigger on better-auth's session table
 * (session_ended, in drizzle/), never by our code; it stays on the server.
 */
export type AuthSessionEndedEvent = { topic: AuthSessionTopic; type: 'session.ended'; id: string };

/** Everything that arrives on the channel. */
type ReceivedEvent = RealtimeEvent | AuthSessionEndedEvent;

/** The events published on a topic of this kind. */
export type RealtimeEventOn<T extends ReceivedEvent['topic']> = Extract<
  ReceivedEvent,
  { topic: T extends SessionTopic ? SessionTopic : T extends UserTopic ? UserTopic : T extends JobTopic ? JobTopic : AuthSessionTopic }
>;

/** Sent inside the caller's transaction: Postgres delivers it only if, and when, it commits. */
export async function publishEvent(db: DbOrTx, event: RealtimeEvent): Promise<void> {
  if ('progress' in event && event.progress) {
    await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)}::text)`);
    return;
  }
  await db.execute(sql`select ${notifyEventSql(event)}`);
}

/**
 * The pg_notify call that publishes `event`, as an expression for a bigger statement: a write and
 * its event in one round trip. A field may be SQL (a column of the written row).
 */
export function notifyEventSql(
  event:
    | { topic: SessionTopic | SQL; type: SessionEventType; id: string | SQL }
    | { topic: UserTopic | SQL; type: UserEventType; id: string | SQL }
    | { topic: JobTopic; type: 'job.stop'; id: string },
): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('topic', ${event.topic}::text, 'type', ${event.type}::text, 'id', ${event.id}::text)::text)`;
}

/** Fans events out to this process's subscribers by topic (e.g. `session:<id>`). */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<(event: ReceivedEvent) => void>>();

  constructor(private readonly listener: PgListener) {
    listener.on(EVENTS_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as ReceivedEvent;
      for (const subscriber of this.subscribers.get(event.topic) ?? []) subscriber(event);
    });
  }

  subscribe<T extends ReceivedEvent['topic']>(topic: T, subscriber: (event: RealtimeEventOn<T>) => void): () => void {
    const set = this.subscribers.get(topic) ?? new Set();
    // Only events published on `topic` reach it, and those were typed by it (publishEvent).
    set.add(subscriber as (event: ReceivedEvent) => void);
    this.subscribers.set(topic, set);
    return () => {
      set.delete(subscriber as (event: ReceivedEvent) => void);
      if (set.size === 0) this.subscribers.delete(topic);
    };
  }

  /** Subscribers in this process to topics of one kind (`session:` — one per open event stream). */
  subscriberCount(topicPrefix: string): number {
    let count = 0;
    for (const [topic, set] of this.subscribers) if (topic.startsWith(topicPrefix)) count += set.size;
    return count;
  }

  /** Called after the LISTEN connection came back: subscribers refetch what they may have missed. */
  onReconnect(handler: () => void): () => void {
    return this.listener.onReconnect(handler);
  }
}

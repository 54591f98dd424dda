import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { PgListener } from './pg-listener';

export const EVENTS_CHANNEL = 'photomuse_events';

/**
 * Events are small pointers ("message X of session Y changed"); subscribers fetch the data they
 * point at, so a payload never outgrows NOTIFY's 8 kB and never carries another user's data.
 */
export interface RealtimeEvent {
  topic: string;
  type: string;
  id?: string;
}

/** Sent inside the caller's transaction: Postgres delivers it only if, and when, it commits. */
export async function publishEvent(db: DbOrTx, event: RealtimeEvent): Promise<void> {
  await db.execute(sql`select ${notifyEventSql(event)}`);
}

/**
 * The pg_notify call that publishes `event`, as an expression for a bigger statement: a write and
 * its event in one round trip. A field may be SQL (a column of the written row).
 */
export function notifyEventSql(event: { topic: string | SQL; type: string; id?: string | SQL | undefined }): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_strip_nulls(json_build_object('topic', ${event.topic}::text, 'type', ${event.type}::text, 'id', ${event.id ?? null}::text))::text)`;
}

/** Fans events out to this process's subscribers by topic (e.g. `session:<id>`). */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<(event: RealtimeEvent) => void>>();

  constructor(private readonly listener: PgListener) {
    listener.on(EVENTS_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as RealtimeEvent;
      for (const subscriber of this.subscribers.get(event.topic) ?? []) subscriber(event);
    });
  }

  subscribe(topic: string, subscriber: (event: RealtimeEvent) => void): () => void {
    const set = this.subscribers.get(topic) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(topic, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(topic);
    };
  }

  /** Called after the LISTEN connection came back: subscribers refetch what they may have missed. */
  onReconnect(handler: () => void): () => void {
    return this.listener.onReconnect(handler);
  }
}

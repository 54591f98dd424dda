import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface QueueBacklog {
  kind: string;
  waiting: number;
  running: number;
  /** Seconds since the oldest waiting job was queued; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * Jobs waiting and running per kind, from pg-boss's own table (schema `pgboss`). Waiting jobs are
 * the states before `active` (created, retry), which pg-boss keeps a partial index on, so this
 * reads only the backlog however long the history is.
 */
export async function queueBacklog(db: Db): Promise<QueueBacklog[]> {
  const result = await db.execute<{ kind: string; waiting: string; running: string; oldest: string | null }>(sql`
    select name as kind,
           count(*) filter (where state < 'active') as waiting,
           count(*) filter (where state = 'active') as running,
           extract(epoch from now() - min(created_on) filter (where state < 'active')) as oldest
    from pgboss.job
    where state <= 'active'
    group by name`);
  return result.rows.map((row) => ({
    kind: row.kind,
    waiting: Number(row.waiting),
    running: Number(row.running),
    oldestWaitingSeconds: Math.max(0, Number(row.oldest ?? 0)),
  }));
}

/** Every posting in the ledger, by kind, across all processes (the ledger is the source of truth). */
export async function ledgerPostingsByKind(db: Db): Promise<{ kind: string; count: number }[]> {
  const result = await db.execute<{ kind: string; count: string }>(
    sql`select kind::text as kind, count(*) as count from ledger_entries group by kind`,
  );
  return result.rows.map((row) => ({ kind: row.kind, count: Number(row.count) }));
}

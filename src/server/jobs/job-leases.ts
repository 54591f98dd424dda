import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

export type JobLease = typeof jobLeases.$inferSelect;

/**
 * Wraps pg-boss's fetch statement (`WITH … UPDATE job … RETURNING …`) so that the same statement
 * writes a lease for every job it claims: a job is never running without a lease, even if the
 * process dies the moment after. A job that still has a lease (an earlier try whose outcome is not
 * recorded yet) cannot be claimed: the insert fails, and with it the whole claim.
 */
export function claimWithLeasesSql(fetchSql: string, parameterCount: number): string {
  const worker = `$${parameterCount + 1}`;
  const seconds = `$${parameterCount + 2}`;
  return `with fetched as (${fetchSql}), leased as (
      insert into job_leases (queue_job_id, job_name, payload, retry_count, retry_limit, worker_id, leased_until)
      select id, name, data, "retryCount", "retryLimit", ${worker}::text, now() + ${seconds}::int * interval '1 second' from fetched
    )
    select * from fetched`;
}

/**
 * Extends the leases this worker holds; answers the ids it still holds (a lease missing from the
 * answer was taken by a sweeper: its job must stop).
 */
export async function renewLeases(db: Db, workerId: string, queueJobIds: string[], seconds: number): Promise<Set<string>> {
  if (queueJobIds.length === 0) return new Set();
  const rows = await db
    .update(jobLeases)
    .set({ leasedUntil: sql`now() + ${seconds}::int * interval '1 second'` })
    .where(and(inArray(jobLeases.queueJobId, queueJobIds), eq(jobLeases.workerId, workerId)))
    .returning({ id: jobLeases.queueJobId });
  return new Set(rows.map((row) => row.id));
}

/**
 * Takes over up to `limit` lapsed leases for `sweeperId`, for `seconds` (time to settle them; if
 * this sweeper dies too, they lapse again). Skips rows another sweeper is taking at the same time.
 */
export async function takeLapsedLeases(db: Db, sweeperId: string, seconds: number, limit: number): Promise<JobLease[]> {
  const result = await db.execute(sql`
    update job_leases set worker_id = ${sweeperId}, leased_until = now() + ${seconds}::int * interval '1 second'
    where queue_job_id in (
      select queue_job_id from job_leases where leased_until < now() order by leased_until limit ${limit} for update skip locked
    )
    returning queue_job_id as "queueJobId", job_name as "jobName", payload, retry_count as "retryCount", retry_limit as "retryLimit",
      worker_id as "workerId", leased_until as "leasedUntil", started_at as "startedAt"`);
  return result.rows as unknown as JobLease[];
}

/** The job's outcome is recorded in the queue: its lease goes. */
export async function releaseLease(db: Db, queueJobId: string, holderId: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.queueJobId, queueJobId), eq(jobLeases.workerId, holderId)));
}

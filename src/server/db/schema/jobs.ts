import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A lease per running queue job (jobs/job-queue.ts): written in the same statement that claims the
 * job, extended by its worker's heartbeat, and removed only once the job's outcome is recorded. A
 * lease that lapses means its worker died (or stalled): the sweeper then retries or settles the
 * job. While a lease exists, no other worker can claim the same job (the primary key).
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    /** pg-boss's job id: the same across the job's retries. */
    queueJobId: uuid('queue_job_id').primaryKey(),
    jobName: text('job_name').notNull(),
    /** The job's payload, so a sweeper can settle it without reading pg-boss's tables. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** 0 on the first try; the try is the last when it equals retry_limit. */
    retryCount: integer('retry_count').notNull(),
    retryLimit: integer('retry_limit').notNull(),
    /** The process that holds the lease (a worker, or a sweeper settling it). */
    workerId: text('worker_id').notNull(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The sweep looks for lapsed leases.
  (t) => [index('job_leases_leased_until_idx').on(t.leasedUntil)],
);

/**
 * Queues an operator paused in the console: no worker of any process claims their jobs until the
 * row is gone. Jobs already running finish; waiting ones stay queued.
 */
export const jobQueuePauses = pgTable('job_queue_pauses', {
  jobName: text('job_name').primaryKey(),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db, DbOrTx } from '../db/client';
import { jobQueuePauses } from '../db/schema';
import type { DumpScope } from '../db/dump/write-dump';
import { toDrizzleSql } from '../db/raw-sql';
import type { Logger } from '../lib/logger';
import type { PgListener } from '../realtime/pg-listener';
import { claimWithLeasesSql, releaseLease, renewLeases, takeLapsedLeases } from './job-leases';
import { JobSlots, type FetchedJob } from './job-slots';
import {
  JOB_NAMES,
  JOB_POLICIES,
  JOB_SCHEDULES,
  JobLeaseLostError,
  JobTimeLimitError,
  PAYLOAD_RENAMES,
  type JobContext,
  type JobDefinition,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobPolicy,
  type PayloadRename,
} from './job-types';

const WAKE_CHANNEL = 'photomuse_jobs';
/** Workers also poll: for retries that come due, and in case a wake-up was lost with a connection. */
const DEFAULT_POLL_INTERVAL_MS = 2_000;

/**
 * How a dead worker is noticed. A running job's lease is renewed every `heartbeatMs`; one not
 * renewed for `leaseSeconds` has lost its worker, and a sweep (every `sweepMs`, on every worker
 * process) retries the job or, after its last try, settles it. From a worker's death to its jobs
 * being tried again or settled: at most leaseSeconds + sweepMs, plus the retry delay.
 */
export interface LeaseTiming {
  leaseSeconds: number;
  heartbeatMs: number;
  sweepMs: number;
}
const DEFAULT_LEASE_TIMING: LeaseTiming = { leaseSeconds: 10, heartbeatMs: 3_000, sweepMs: 3_000 };

/**
 * pg-boss expires a job still active this long after its time limit. Leases notice dead workers
 * far sooner; this is only the backstop should a lease ever go missing.
 */
const QUEUE_EXPIRY_GRACE_SECONDS = 900;
/** An advisory lock key of our own (runMigrations uses another). */
const QUEUE_CREATION_LOCK = 727275;

export interface JobQueueOptions {
  policyOverrides?: Partial<Record<JobName, Partial<JobPolicy>>> | undefined;
  /** Schedules besides JOB_SCHEDULES (cron in UTC); null takes a job kind's schedule away. */
  schedules?: Partial<Record<JobName, string | null>> | undefined;
  pollIntervalMs?: number | undefined;
  leaseTiming?: Partial<LeaseTiming> | undefined;
}

/** One queue as the operator console shows it. */
export interface QueueStatus {
  name: JobName;
  waiting: number;
  running: number;
  /** Jobs that failed for good (after their last try) in the last 24 hours. */
  failedLastDay: number;
  /** Seconds since the oldest waiting job was queued; 0 when none waits. */
  oldestWaitingSeconds: number;
  paused: boolean;
}

interface RunningJob {
  name: JobName;
  controller: AbortController;
}

interface Outcome {
  ok: boolean;
  error?: unknown;
}

/**
 * pg-boss on our own database. Jobs are enqueued inside the caller's transaction, and a NOTIFY in
 * the same transaction wakes the workers of any process the moment it commits, so a job does not
 * wait for the next poll. Every claimed job holds a lease (see LeaseTiming), and every job kind has
 * one final-failure path (`JobDefinition.giveUp`), taken after its last try whatever ended it.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly slots = new Map<JobName, JobSlots>();
  private readonly running = new Map<string, RunningJob>();
  private definitions: JobHandlers | undefined;
  private timers: { poll: NodeJS.Timeout; heartbeat: NodeJS.Timeout; sweep: NodeJS.Timeout } | undefined;
  private started = false;
  /** Who holds this process's leases. */
  private readonly workerId = `${process.pid}-${randomUUID()}`;

  private readonly policies: Record<JobName, JobPolicy>;
  private readonly cronOf: Partial<Record<JobName, string | null>>;
  private readonly pollIntervalMs: number;
  private readonly lease: LeaseTiming;

  constructor(
    connectionString: string,
    private readonly db: Db,
    private readonly listener: PgListener,
    private readonly logger: Logger,
    options: JobQueueOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.lease = { ...DEFAULT_LEASE_TIMING, ...options.leaseTiming };
    this.cronOf = { ...JOB_SCHEDULES, ...options.schedules };
    this.policies = Object.fromEntries(
      JOB_NAMES.map((name) => [name, { ...JOB_POLICIES[name], ...options.policyOverrides?.[name] }]),
    ) as Record<JobName, JobPolicy>;
    this.boss = new PgBoss({ connectionString, max: 4, application_name: 'photomuse-jobs', maintenanceIntervalSeconds: 60 });
    this.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    // Processes starting together would create the same queues at once, which deadlocks in
    // pg-boss (each creates a table per queue): one at a time.
    const client = await this.db.$client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [QUEUE_CREATION_LOCK]);
      for (const name of JOB_NAMES) {
        await this.boss.createQueue(name, { name, ...this.queueOptionsOf(name) });
      }
      for (const [name, cron] of Object.entries(this.cronOf) as [JobName, string | null][]) {
        if (cron) await this.boss.schedule(name, cron, {}, { ...this.queueOptionsOf(name), tz: 'UTC' });
        else await this.boss.unschedule(name);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_CREATION_LOCK]).catch(() => undefined);
      client.release();
    }
    this.listener.on(WAKE_CHANNEL, (name) => this.slots.get(name as JobName)?.wake());
    this.started = true;
  }

  private queueOptionsOf(name: JobName) {
    return queueOptionsOf(this.policies[name]);
  }

  /**
   * Writes the job in the caller's transaction (or on its own with the plain db), with the
   * wake-up NOTIFY in the same statement: every round trip here is inside POST /chat's time.
   */
  async enqueue<N extends JobName>(db: DbOrTx, name: N, payload: JobPayloads[N]): Promise<string | null> {
    return sendJob(this.boss, db, name, storedPayloadOf(name, payload), this.queueOptionsOf(name));
  }

  /** The schedules the queue keeps (name and cron), as stored in the database. */
  async schedules(): Promise<{ name: string; cron: string }[]> {
    return (await this.boss.getSchedules()).map(({ name, cron }) => ({ name, cron }));
  }

  /** Runs every job type in this process, and sweeps for jobs whose worker died. */
  work(definitions: JobHandlers): void {
    if (!this.started) throw new Error('start the job queue before working');
    this.definitions = definitions;
    for (const name of JOB_NAMES) {
      const definition = definitions[name] as JobDefinition<JobName> | undefined;
      if (typeof definition?.run !== 'function' || typeof definition.giveUp !== 'function')
        throw new Error(`job "${name}" has no definition`);
      const policy: JobPolicy = this.policies[name];
      const slots = new JobSlots({
        concurrency: policy.concurrency,
        fetch: (count) => this.claim(name, count),
        run: (job) => this.runOne(name, policy, definition, job),
        onError: (error) => this.logger.error({ err: error, job: name }, 'job queue error'),
      });
      this.slots.set(name, slots);
      slots.wake();
    }
    this.timers = {
      poll: setInterval(() => this.slots.forEach((slots) => slots.wake()), this.pollIntervalMs).unref(),
      heartbeat: setInterval(() => void this.renewLeases(), this.lease.heartbeatMs).unref(),
      sweep: setInterval(() => void this.sweep(), this.lease.sweepMs).unref(),
    };
  }

  /** Every queue this server has, with its backlog, its failures of the last day and whether it is paused. */
  async status(): Promise<QueueStatus[]> {
    const result = await this.db.execute<{
      name: string;
      waiting: string;
      running: string;
      oldest: string | null;
      failed: string;
      paused: boolean;
    }>(sql`
      with backlog as (
        select name, count(*) filter (where state < 'active') as waiting, count(*) filter (where state = 'active') as running,
          extract(epoch from now() - min(created_on) filter (where state < 'active')) as oldest
        from pgboss.job where state <= 'active' group by name
      ), failed as (
        select name, count(*) as failed from (
          select name from pgboss.job where state = 'failed' and completed_on > now() - interval '1 day'
          union all
          select name from pgboss.archive where state = 'failed' and completed_on > now() - interval '1 day'
        ) f group by name
      )
      select q.name, coalesce(b.waiting, 0) as waiting, coalesce(b.running, 0) as running, b.oldest, coalesce(f.failed, 0) as failed,
        exists (select from job_queue_pauses p where p.job_name = q.name) as paused
      from unnest(array[${sql.join(
        Object.keys(JOB_POLICIES).map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]) as q(name)
      left join backlog b on b.name = q.name left join failed f on f.name = q.name
      order by q.name`);
    return result.rows.map((row) => ({
      name: row.name as JobName,
      waiting: Number(row.waiting),
      running: Number(row.running),
      failedLastDay: Number(row.failed),
      oldestWaitingSeconds: Math.max(0, Number(row.oldest ?? 0)),
      paused: row.paused,
    }));
  }

  /**
   * Pauses a queue in every process: workers stop claiming its jobs (those running finish; those
   * waiting stay queued). In the caller's transaction; false when it was paused already.
   */
  async pause(db: DbOrTx, name: JobName): Promise<boolean> {
    const inserted = await db
      .insert(jobQueuePauses)
      .values({ jobName: name })
      .onConflictDoNothing()
      .returning({ name: jobQueuePauses.jobName });
    return inserted.length > 0;
  }

  /** Resumes a paused queue and wakes its workers as the caller's transaction commits; false when it was not paused. */
  async resume(db: DbOrTx, name: JobName): Promise<boolean> {
    const deleted = await db.delete(jobQueuePauses).where(eq(jobQueuePauses.jobName, name)).returning({ name: jobQueuePauses.jobName });
    if (deleted.length > 0) await db.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${name})`);
    return deleted.length > 0;
  }

  private async isPaused(name: JobName): Promise<boolean> {
    const [row] = await this.db.select({ name: jobQueuePauses.jobName }).from(jobQueuePauses).where(eq(jobQueuePauses.jobName, name));
    return row !== undefined;
  }

  /** Claims up to `count` jobs, each with its lease, in one statement; none from a paused queue. */
  private async claim(name: JobName, count: number): Promise<FetchedJob[]> {
    if (await this.isPaused(name)) return [];
    return claimJobs(this.boss, this.db, name, count, { workerId: this.workerId, seconds: this.lease.leaseSeconds }, (error) => {
      // pg-boss answers a failed fetch with no jobs; say why. (A job whose earlier try still
      // holds its lease cannot be claimed until that try's outcome is recorded.)
      this.logger.warn({ err: error, job: name }, 'could not claim jobs');
    });
  }

  /**
   * Runs one claimed try with an AbortSignal that fires at the policy's time limit, waits for the
   * handler to let go (so a retry never overlaps an earlier try's calls), then records the outcome.
   */
  private async runOne(name: JobName, policy: JobPolicy, definition: JobDefinition<JobName>, job: FetchedJob): Promise<void> {
    const controller = new AbortController();
    this.running.set(job.id, { name, controller });
    const timeLimitSeconds = job.timeLimitSeconds && job.timeLimitSeconds > 0 ? job.timeLimitSeconds : policy.timeLimitSeconds;
    const timer = setTimeout(() => controller.abort(new JobTimeLimitError(timeLimitSeconds)), timeLimitSeconds * 1000);
    const context: JobContext = { jobId: job.id, retryCount: job.retryCount, signal: controller.signal };
    const started = performance.now();
    let outcome: Outcome;
    try {
      await definition.run(job.data as JobPayloads[JobName], context);
      outcome = { ok: true };
    } catch (error) {
      // An aborted call fails with the SDK's own error; the abort's reason says why.
      outcome = { ok: false, error: controller.signal.aborted ? controller.signal.reason : error };
    } finally {
      clearTimeout(timer);
      this.running.delete(job.id);
    }
    const ms = Math.round(performance.now() - started);
    if (controller.signal.reason instanceof JobLeaseLostError) {
      this.logger.warn({ job: name, jobId: job.id, ms }, 'job lost its lease while running; the sweeper settles it');
      return;
    }
    if (outcome.ok) this.logger.info({ job: name, jobId: job.id, ms }, 'job done');
    else this.logger.warn({ err: outcome.error, job: name, jobId: job.id, retryCount: job.retryCount, ms }, 'job failed');
    try {
      await this.record(name, definition, job, outcome, this.workerId);
    } catch (error) {
      // The lease stays and is no longer renewed: the sweeper records the outcome after it lapses.
      this.logger.error({ err: error, job: name, jobId: job.id }, 'could not record a job outcome; it is settled after its lease lapses');
    }
  }

  /** Done; or failed, to be tried again; or failed on its last try, and given up: then the lease goes. */
  private async record(
    name: JobName,
    definition: JobDefinition<JobName>,
    job: FetchedJob,
    outcome: Outcome,
    holderId: string,
  ): Promise<void> {
    if (outcome.ok) {
      await this.boss.complete(name, job.id);
    } else {
      if (job.retryCount >= job.retryLimit)
        await definition.giveUp(job.data as JobPayloads[JobName], outcome.error, { jobId: job.id, attempt: job.retryCount + 1 });
      await this.boss.fail(name, job.id, { message: messageOf(outcome.error) });
    }
    await releaseLease(this.db, job.id, holderId);
  }

  /** The heartbeat: renews this process's leases; a job whose lease was taken is aborted. */
  private async renewLeases(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    try {
      const held = await renewLeases(this.db, this.workerId, ids, this.lease.leaseSeconds);
      for (const id of ids) if (!held.has(id)) this.running.get(id)?.controller.abort(new JobLeaseLostError());
    } catch (error) {
      this.logger.warn({ err: error }, 'could not renew job leases');
    }
  }

  /**
   * Finds jobs whose worker stopped renewing their lease, and records for each what its worker
   * could not: tried again (pg-boss retries it after its back-off), or — after its last try —
   * given up through its kind's final-failure path. Any worker process may sweep; a lease taken by
   * one sweeper is skipped by the others.
   */
  private async sweep(): Promise<number> {
    if (!this.definitions) return 0;
    const sweeperId = `sweeper-${this.workerId}`;
    let lapsed;
    try {
      lapsed = await takeLapsedLeases(this.db, sweeperId, this.lease.leaseSeconds, 50);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not sweep job leases');
      return 0;
    }
    for (const lease of lapsed) {
      const name = lease.jobName as JobName;
      const definition = this.definitions[name] as JobDefinition<JobName> | undefined;
      if (!definition) continue;
      const job: FetchedJob = {
        id: lease.queueJobId,
        data: payloadOf(name, lease.payload),
        retryCount: lease.retryCount,
        retryLimit: lease.retryLimit,
      };
      this.logger.warn({ job: name, jobId: job.id, retryCount: job.retryCount }, 'job lost its worker; settling it');
      try {
        await this.record(name, definition, job, { ok: false, error: new JobLeaseLostError() }, sweeperId);
        this.slots.get(name)?.wake();
      } catch (error) {
        this.logger.error({ err: error, job: name, jobId: job.id }, 'could not settle a job that lost its worker; trying again later');
      }
    }
    return lapsed.length;
  }

  /** Lets running jobs finish (up to `timeoutMs`), then closes the queue's connections. */
  async stop(timeoutMs = 8_000): Promise<void> {
    if (!this.started) return;
    clearInterval(this.timers?.poll);
    clearInterval(this.timers?.sweep);
    const finished = await Promise.all([...this.slots.values()].map((slots) => slots.stop(timeoutMs)));
    // Leases of jobs still running are no longer renewed: another process settles them once they lapse.
    clearInterval(this.timers?.heartbeat);
    this.timers = undefined;
    if (!finished.every(Boolean))
      this.logger.warn('jobs still running at shutdown; another worker takes them over once their leases lapse');
    await this.boss.stop({ graceful: true, wait: true, timeout: 1_000 });
  }
}

/**
 * What of the queue a database dump keeps: the jobs not finished yet — a queued generation is a
 * charge waiting for its images or its refund — with their leases, but not the backup job that is
 * making the dump (restored, it would look like a backup that died). Finished jobs, the queue's
 * history, are not kept: their outcomes are in the application's own tables.
 */
export const QUEUE_DUMP_SCOPE: DumpScope = {
  extraTables: ['pgboss.job'],
  where: {
    'pgboss.job': `state < 'completed' and name in (${JOB_NAMES.filter((name) => name !== 'backup')
      .map((name) => `'${name}'`)
      .join(', ')})`,
    'public.job_leases': `job_name <> 'backup'`,
  },
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The retry policy and time limit as pg-boss options: they travel with each job, so a queue created by an older version still follows them. */
export function queueOptionsOf(policy: JobPolicy) {
  return {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: policy.timeLimitSeconds + QUEUE_EXPIRY_GRACE_SECONDS,
  };
}

/** A payload as this release stores it: with the names the previous release's workers read too (job-types.ts). */
function storedPayloadOf<N extends JobName>(name: N, payload: JobPayloads[N]): object {
  const rename = PAYLOAD_RENAMES[name] as PayloadRename<N> | undefined;
  return rename ? rename.write(payload) : payload;
}

/** A stored payload, whichever release stored it, as this release's handlers take it. */
function payloadOf(name: JobName, stored: unknown): unknown {
  const rename = PAYLOAD_RENAMES[name] as PayloadRename<JobName> | undefined;
  return rename ? rename.read(stored as Record<string, unknown>) : stored;
}

/**
 * Sends one job through pg-boss's send, on our database or transaction, its wake-up in the same
 * statement (see wakingExecutor).
 */
export async function sendJob(
  boss: PgBoss,
  db: DbOrTx,
  name: JobName,
  payload: object,
  options: ReturnType<typeof queueOptionsOf>,
): Promise<string | null> {
  return boss.send(name, payload, { ...options, db: wakingExecutor(db, name) });
}

/**
 * Claims up to `count` jobs of one kind through pg-boss's fetch, its statement wrapped (job-leases.ts)
 * to lease every job it claims to `lease.workerId`. pg-boss's fetch statement is private to it:
 * pg-boss is pinned to an exact version, and pg-boss-contract.test.ts fails when the statement
 * this wraps changes.
 */
export async function claimJobs(
  boss: PgBoss,
  db: Pick<Db, 'execute'>,
  name: JobName,
  count: number,
  lease: { workerId: string; seconds: number },
  onError: (error: unknown) => void = () => undefined,
): Promise<FetchedJob[]> {
  const rows = await boss.fetch<unknown>(name, {
    batchSize: count,
    includeMetadata: true,
    db: {
      executeSql: async (text: string, values: unknown[] = []) => {
        const claimed = claimWithLeasesSql(text, values.length);
        try {
          const result = await db.execute(toDrizzleSql(claimed, [...values, lease.workerId, lease.seconds]));
          return { rows: result.rows };
        } catch (error) {
          onError(error);
          throw error;
        }
      },
    },
  });
  // The time limit travels with the job (as its queue expiry), like its retry policy.
  return rows.map((row) => ({
    id: row.id,
    data: payloadOf(name, row.data),
    retryCount: row.retryCount,
    retryLimit: row.retryLimit,
    timeLimitSeconds: Number(row.expireInSeconds) - QUEUE_EXPIRY_GRACE_SECONDS,
  }));
}

/**
 * Runs pg-boss's SQL on our database or transaction. Its send is one `INSERT … RETURNING id`; in a
 * CTE, the NOTIFY that wakes the workers goes in the same statement (sent only if a job was
 * inserted, delivered when the transaction commits). Any other statement runs as it is, and a
 * send in another shape (a future pg-boss) gets its wake-up as a statement of its own.
 */
function wakingExecutor(db: DbOrTx, name: JobName) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const isInsertReturningId = /^\s*insert\b/i.test(text) && /\breturning\s+id\s*$/i.test(text);
      if (!isInsertReturningId) {
        const result = await db.execute(toDrizzleSql(text, values));
        await db.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${name})`);
        return { rows: result.rows };
      }
      const wrapped = `with sent as (${text}) select sent.id, pg_notify($${values.length + 1}, $${values.length + 2}) from sent`;
      const result = await db.execute(toDrizzleSql(wrapped, [...values, WAKE_CHANNEL, name]));
      return { rows: result.rows.map((row) => ({ id: (row as { id: unknown }).id })) };
    },
  };
}

import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';
import { toDrizzleSql } from '../db/raw-sql';
import type { Logger } from '../lib/logger';
import type { PgListener } from '../realtime/pg-listener';
import { JobSlots, type FetchedJob } from './job-slots';
import { JOB_POLICIES, type JobContext, type JobHandlers, type JobName, type JobPayloads, type JobPolicy } from './job-types';

const WAKE_CHANNEL = 'photomuse_jobs';
/** Workers also poll: for retries that come due, and in case a wake-up was lost with a connection. */
const DEFAULT_POLL_INTERVAL_MS = 2_000;

/**
 * pg-boss on our own database. Jobs are enqueued inside the caller's transaction, and a NOTIFY in
 * the same transaction wakes the workers of any process the moment it commits, so a job does not
 * wait for the next poll.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly slots = new Map<JobName, JobSlots>();
  private pollTimer: NodeJS.Timeout | undefined;
  private started = false;

  private readonly policies: Record<JobName, JobPolicy>;
  private readonly pollIntervalMs: number;

  constructor(
    connectionString: string,
    private readonly listener: PgListener,
    private readonly logger: Logger,
    options: { policyOverrides?: Partial<Record<JobName, Partial<JobPolicy>>>; pollIntervalMs?: number } = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.policies = Object.fromEntries(
      (Object.keys(JOB_POLICIES) as JobName[]).map((name) => [name, { ...JOB_POLICIES[name], ...options.policyOverrides?.[name] }]),
    ) as Record<JobName, JobPolicy>;
    // Maintenance is what notices a job whose worker died (it expires and is retried), so it runs
    // at least twice within the shortest expiry.
    const shortestExpiry = Math.min(...Object.values(this.policies).map((p) => p.expireInSeconds));
    this.boss = new PgBoss({
      connectionString,
      max: 4,
      application_name: 'photomuse-jobs',
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(shortestExpiry / 2))),
    });
    this.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const name of Object.keys(JOB_POLICIES) as JobName[]) {
      const policy: JobPolicy = this.policies[name];
      await this.boss.createQueue(name, {
        name,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: policy.expireInSeconds,
      });
    }
    this.listener.on(WAKE_CHANNEL, (name) => this.slots.get(name as JobName)?.wake());
    this.started = true;
  }

  /**
   * Writes the job in the caller's transaction (or on its own with the plain db), with the
   * wake-up NOTIFY in the same statement: every round trip here is inside POST /chat's time.
   */
  async enqueue<N extends JobName>(db: DbOrTx, name: N, payload: JobPayloads[N]): Promise<string | null> {
    const policy = this.policies[name];
    // The policy travels with each job, so a queue created by an older version still follows it.
    return this.boss.send(name, payload, {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      db: wakingExecutor(db, name),
    });
  }

  /** Runs every job type in this process. Fails at start if a job has no handler. */
  work(handlers: JobHandlers): void {
    if (!this.started) throw new Error('start the job queue before working');
    for (const name of Object.keys(JOB_POLICIES) as JobName[]) {
      const handler = handlers[name] as ((payload: unknown, context: JobContext) => Promise<void>) | undefined;
      if (typeof handler !== 'function') throw new Error(`job "${name}" has no handler`);
      const policy: JobPolicy = this.policies[name];
      const slots = new JobSlots({
        concurrency: policy.concurrency,
        fetch: (count) => this.boss.fetch<JobPayloads[typeof name]>(name, { batchSize: count, includeMetadata: true }),
        run: (job) => this.runOne(name, policy, handler, job),
        onError: (error) => this.logger.error({ err: error, job: name }, 'job queue error'),
      });
      this.slots.set(name, slots);
      slots.wake();
    }
    this.pollTimer = setInterval(() => this.slots.forEach((slots) => slots.wake()), this.pollIntervalMs).unref();
  }

  /**
   * Runs one claimed job and tells pg-boss how it went: done, or failed (it retries with back-off
   * until the policy's last try). A job still running at its expiry counts as failed, as a job
   * whose worker died does.
   */
  private async runOne(name: JobName, policy: JobPolicy, handler: (payload: unknown, context: JobContext) => Promise<void>, job: FetchedJob): Promise<void> {
    const context: JobContext = { jobId: job.id, retryCount: job.retryCount, isLastAttempt: job.retryCount >= policy.retryLimit };
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`job ran longer than ${policy.expireInSeconds} s`)), policy.expireInSeconds * 1000);
    });
    try {
      await Promise.race([handler(job.data, context), expired]);
      clearTimeout(timer);
      this.logger.info({ job: name, jobId: job.id, ms: Math.round(performance.now() - started) }, 'job done');
      await this.boss.complete(name, job.id);
    } catch (error) {
      clearTimeout(timer);
      this.logger.warn({ err: error, job: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
      await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Lets running jobs finish (up to `timeoutMs`), then closes the queue's connections. */
  async stop(timeoutMs = 8_000): Promise<void> {
    if (!this.started) return;
    clearInterval(this.pollTimer);
    const finished = await Promise.all([...this.slots.values()].map((slots) => slots.stop(timeoutMs)));
    if (!finished.every(Boolean)) this.logger.warn('jobs still running at shutdown; they will be retried after they expire');
    await this.boss.stop({ graceful: true, wait: true, timeout: 1_000 });
  }
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

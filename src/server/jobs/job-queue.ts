import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';
import { sqlExecutorFor } from '../db/raw-sql';
import type { Logger } from '../lib/logger';
import type { PgListener } from '../realtime/pg-listener';
import { JOB_POLICIES, type JobContext, type JobHandlers, type JobName, type JobPayloads, type JobPolicy } from './job-types';

const WAKE_CHANNEL = 'photomuse_jobs';
/** Workers also poll, in case a wake-up notification was lost with a connection. */
const POLL_INTERVAL_SECONDS = 2;

/**
 * pg-boss on our own database. Jobs are enqueued inside the caller's transaction, and a NOTIFY in
 * the same transaction wakes the workers of any process the moment it commits, so a job does not
 * wait for the next poll.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<JobName, string[]>();
  private started = false;

  private readonly policies: Record<JobName, JobPolicy>;

  constructor(
    connectionString: string,
    private readonly listener: PgListener,
    private readonly logger: Logger,
    options: { policyOverrides?: Partial<Record<JobName, Partial<JobPolicy>>> } = {},
  ) {
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
    this.listener.on(WAKE_CHANNEL, (name) => {
      for (const workerId of this.workerIds.get(name as JobName) ?? []) this.boss.notifyWorker(workerId);
    });
    this.started = true;
  }

  /** Writes the job in the caller's transaction (or on its own with the plain db). */
  async enqueue<N extends JobName>(db: DbOrTx, name: N, payload: JobPayloads[N], options: { singletonKey?: string } = {}): Promise<string | null> {
    const policy = this.policies[name];
    // The policy travels with each job, so a queue created by an older version still follows it.
    const id = await this.boss.send(name, payload, {
      ...options,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      db: sqlExecutorFor(db),
    });
    await db.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${name})`);
    return id;
  }

  /** Runs every job type in this process. Fails at start if a job has no handler. */
  async work(handlers: JobHandlers): Promise<void> {
    if (!this.started) throw new Error('start the job queue before working');
    for (const name of Object.keys(JOB_POLICIES) as JobName[]) {
      const handler = handlers[name] as ((payload: unknown, context: JobContext) => Promise<void>) | undefined;
      if (typeof handler !== 'function') throw new Error(`job "${name}" has no handler`);
      const policy: JobPolicy = this.policies[name];
      // pg-boss runs one job at a time per worker: start as many as the policy allows.
      for (let slot = 0; slot < policy.concurrency; slot++) {
        const workerId = await this.boss.work<JobPayloads[typeof name]>(
          name,
          { pollingIntervalSeconds: POLL_INTERVAL_SECONDS, batchSize: 1, includeMetadata: true },
          ([job]) => (job ? this.runOne(name, policy, handler, job) : Promise.resolve()),
        );
        this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), workerId]);
      }
    }
  }

  private async runOne(
    name: JobName,
    policy: JobPolicy,
    handler: (payload: unknown, context: JobContext) => Promise<void>,
    job: { id: string; data: unknown; retryCount: number },
  ): Promise<void> {
    const context: JobContext = { jobId: job.id, retryCount: job.retryCount, isLastAttempt: job.retryCount >= policy.retryLimit };
    const started = performance.now();
    try {
      await handler(job.data, context);
      this.logger.info({ job: name, jobId: job.id, ms: Math.round(performance.now() - started) }, 'job done');
    } catch (error) {
      this.logger.warn({ err: error, job: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
      throw error;
    }
  }

  /** Lets running jobs finish (up to `timeoutMs`), then closes the queue's connections. */
  async stop(timeoutMs = 8_000): Promise<void> {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}

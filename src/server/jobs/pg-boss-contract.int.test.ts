import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, runMigrations, type Db } from '../db/client';
import { jobLeases } from '../db/schema';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { claimJobs, queueOptionsOf, sendJob } from './job-queue';
import { JOB_POLICIES } from './job-types';

/**
 * The statements the job runtime wraps (pg-boss-contract.test.ts records them), run against the
 * tables the pinned pg-boss creates: what a claim answers and the lease it writes.
 */
describe('the wrapped pg-boss statements on pg-boss’s own schema', () => {
  let boss: PgBoss;
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const scratch = await scratchDatabaseOn(inject('databaseUrl'));
    drop = scratch.drop;
    db = createDb(scratch.url, { max: 2 });
    await runMigrations(db);
    boss = new PgBoss({ connectionString: scratch.url, max: 2, supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue('generate');
  }, 60_000);
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
    await db.$client.end();
    await drop?.();
  });

  it('claims a queued job with its retry policy and time limit, and leases it in the same statement', async () => {
    const id = await sendJob(boss, db, 'generate', { agentJobId: 'agent-job' }, queueOptionsOf(JOB_POLICIES.generate));
    const claimed = await claimJobs(boss, db, 'generate', 2, { workerId: 'worker-1', seconds: 10 });
    expect(claimed).toEqual([
      {
        id,
        data: { agentJobId: 'agent-job' },
        retryCount: 0,
        retryLimit: JOB_POLICIES.generate.retryLimit,
        timeLimitSeconds: JOB_POLICIES.generate.timeLimitSeconds,
      },
    ]);

    const [lease] = await db.select().from(jobLeases).where(eq(jobLeases.queueJobId, id!));
    expect(lease).toMatchObject({
      jobName: 'generate',
      payload: { agentJobId: 'agent-job' },
      retryCount: 0,
      retryLimit: JOB_POLICIES.generate.retryLimit,
      workerId: 'worker-1',
    });
    const state = await db.execute(sql`select state from pgboss.job where id = ${id}::uuid`);
    expect(state.rows).toEqual([{ state: 'active' }]);
    // Claimed once: the next claim finds nothing.
    expect(await claimJobs(boss, db, 'generate', 2, { workerId: 'worker-2', seconds: 10 })).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDb, runMigrations } from '../db/client';
import { jobLeases } from '../db/schema';
import { createLogger } from '../lib/logger';
import { PgListener } from '../realtime/pg-listener';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { JobQueue, queueOptionsOf, sendJob, type JobQueueOptions } from './job-queue';
import { JOB_POLICIES, JobLeaseLostError, JobTimeLimitError, type JobContext, type JobHandlers, type JobPayloads } from './job-types';

const logger = createLogger('silent');
const queues: Array<{ close: () => Promise<void> }> = [];

/**
 * A queue on a database of its own (the test servers of other files run workers on the same queue
 * names), working `generate` jobs with the given handler.
 */
async function queueWith(run: (payload: JobPayloads['generate'], context: JobContext) => Promise<void>, options: JobQueueOptions) {
  const scratch = await scratchDatabaseOn(inject('databaseUrl'));
  const db = createDb(scratch.url, { max: 4 });
  await runMigrations(db);
  const listener = new PgListener(scratch.url, logger);
  await listener.start();
  const queue = new JobQueue(scratch.url, db, listener, logger, options);
  await queue.start();
  const givenUp: Array<{ payload: JobPayloads['generate']; reason: unknown }> = [];
  const handlers: JobHandlers = {
    'verify-upload': { run: async () => undefined, giveUp: async () => undefined },
    generate: { run, giveUp: async (payload, reason) => void givenUp.push({ payload, reason }) },
    retention: { run: async () => undefined, giveUp: async () => undefined },
    backup: { run: async () => undefined, giveUp: async () => undefined },
    'send-mail': { run: async () => undefined, giveUp: async () => undefined },
    'delete-stripe-customer': { run: async () => undefined, giveUp: async () => undefined },
    'purge-retained-ledger': { run: async () => undefined, giveUp: async () => undefined },
    'auto-top-up': { run: async () => undefined, giveUp: async () => undefined },
  };
  queue.work(handlers);
  const handle = {
    db,
    queue,
    /** Queues a generate job as the release before the rename of its payload did: `{ jobId }`, through pg-boss's own send. */
    enqueueAsPreviousRelease: (agentJobId: string) =>
      sendJob(
        new PgBoss({ connectionString: scratch.url }),
        db,
        'generate',
        { jobId: agentJobId },
        queueOptionsOf({ ...JOB_POLICIES.generate, ...options.policyOverrides?.generate }),
      ),
    givenUp,
    close: async () => {
      await queue.stop(200);
      await listener.stop();
      await db.$client.end();
      await scratch.drop?.();
    },
  };
  queues.push(handle);
  return handle;
}

afterAll(async () => {
  for (const queue of queues) await queue.close();
});

describe('JobQueue', () => {
  const generated: Array<{ payload: JobPayloads['generate']; retryCount: number }> = [];
  let woken: Awaited<ReturnType<typeof queueWith>>;
  beforeAll(async () => {
    // Polling every minute: a job that runs at once was woken by the NOTIFY sent with it.
    woken = await queueWith(async (payload, context) => void generated.push({ payload, retryCount: context.retryCount }), {
      pollIntervalMs: 60_000,
      policyOverrides: { generate: { concurrency: 2 } },
    });
  }, 60_000);

  it('runs a job enqueued in a transaction as soon as the transaction commits, woken without polling', async () => {
    await woken.db.transaction(async (tx) => {
      await woken.queue.enqueue(tx, 'generate', { agentJobId: 'committed' });
    });
    await vi.waitFor(() => expect(generated.map((g) => g.payload.agentJobId)).toContain('committed'), { timeout: 10_000 });
  });

  it('runs nothing for a transaction that rolled back', async () => {
    await woken.db
      .transaction(async (tx) => {
        await woken.queue.enqueue(tx, 'generate', { agentJobId: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await woken.db.transaction(async (tx) => {
      await woken.queue.enqueue(tx, 'generate', { agentJobId: 'after-roll-back' });
    });
    await vi.waitFor(() => expect(generated.map((g) => g.payload.agentJobId)).toContain('after-roll-back'), { timeout: 10_000 });
    expect(generated.map((g) => g.payload.agentJobId)).not.toContain('rolled-back');
    // A finished job holds no lease.
    await vi.waitFor(async () => expect(await woken.db.select().from(jobLeases)).toEqual([]));
  });
});

describe('a try past its time limit', () => {
  it(
    'is aborted, the next try starts only once it let go, and the job is given up once after its last try',
    { timeout: 30_000 },
    async () => {
      const tries: Array<{ start: number; end?: number; reason?: unknown }> = [];
      const slow = await queueWith(
        async (_payload, context) => {
          const attempt: (typeof tries)[number] = { start: performance.now() };
          tries.push(attempt);
          // A slow engine call that ends only when aborted, and takes a moment to let go.
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve, { once: true }));
          await new Promise((resolve) => setTimeout(resolve, 300));
          attempt.end = performance.now();
          attempt.reason = context.signal.reason;
          throw new Error('the engine call was aborted');
        },
        { pollIntervalMs: 100, policyOverrides: { generate: { retryLimit: 2, retryDelaySeconds: 0, timeLimitSeconds: 1 } } },
      );
      await slow.queue.enqueue(slow.db, 'generate', { agentJobId: 'slow' });

      await vi.waitFor(() => expect(slow.givenUp).toHaveLength(1), { timeout: 20_000 });
      expect(tries).toHaveLength(3);
      for (const [index, attempt] of tries.entries()) {
        expect(attempt.reason).toBeInstanceOf(JobTimeLimitError);
        expect(attempt.end! - attempt.start).toBeGreaterThanOrEqual(1_000);
        if (index > 0) expect(attempt.start).toBeGreaterThan(tries[index - 1]!.end!);
      }
      expect(slow.givenUp[0]).toMatchObject({ payload: { agentJobId: 'slow' } });
      expect(slow.givenUp[0]!.reason).toBeInstanceOf(JobTimeLimitError);
      await vi.waitFor(async () => expect(await slow.db.select().from(jobLeases)).toEqual([]));
    },
  );
});

describe('a job whose worker stopped renewing its lease', () => {
  it('is tried again by the sweep before its last try, and given up once after it', { timeout: 30_000 }, async () => {
    const started: number[] = [];
    // The worker "dies" inside every try: the try never ends and its lease is never renewed.
    const dead = await queueWith(
      async (_payload, context) => {
        started.push(context.retryCount);
        await new Promise(() => undefined);
      },
      {
        pollIntervalMs: 100,
        leaseTiming: { leaseSeconds: 1, heartbeatMs: 3_600_000, sweepMs: 200 },
        policyOverrides: { generate: { retryLimit: 1, retryDelaySeconds: 0 } },
      },
    );
    await dead.queue.enqueue(dead.db, 'generate', { agentJobId: 'orphaned' });

    await vi.waitFor(() => expect(dead.givenUp).toHaveLength(1), { timeout: 20_000 });
    expect(started).toEqual([0, 1]);
    expect(dead.givenUp[0]!.reason).toBeInstanceOf(JobLeaseLostError);
    await vi.waitFor(async () => expect(await dead.db.select().from(jobLeases)).toEqual([]));
    // Settled for good: no sweep finds it again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(dead.givenUp).toHaveLength(1);
  });
});

describe('the generate payload across its rename from jobId to agentJobId', () => {
  const generated: Array<JobPayloads['generate']> = [];
  let upgraded: Awaited<ReturnType<typeof queueWith>>;
  beforeAll(async () => {
    upgraded = await queueWith(async (payload) => void generated.push(payload), { pollIntervalMs: 100 });
  }, 60_000);

  it('runs a job queued before the upgrade (or by an API process not yet upgraded) under the old name, as { agentJobId }', async () => {
    await upgraded.enqueueAsPreviousRelease('queued-before-the-upgrade');
    await vi.waitFor(() => expect(generated).toContainEqual({ agentJobId: 'queued-before-the-upgrade' }), { timeout: 10_000 });
  });

  it('stores the agent job under both names, so a worker of the previous release still running finds it', async () => {
    await upgraded.queue.enqueue(upgraded.db, 'generate', { agentJobId: 'queued-after-the-upgrade' });
    await vi.waitFor(() => expect(generated).toContainEqual({ agentJobId: 'queued-after-the-upgrade' }), { timeout: 10_000 });
    const stored = await upgraded.db.execute(
      sql`select data from pgboss.job where name = 'generate' and data->>'agentJobId' = 'queued-after-the-upgrade'`,
    );
    expect(stored.rows).toEqual([{ data: { agentJobId: 'queued-after-the-upgrade', jobId: 'queued-after-the-upgrade' } }]);
  });

  it('gives up, as { agentJobId }, a job queued under the old name whose worker died on its last try', { timeout: 30_000 }, async () => {
    const dead = await queueWith(async () => new Promise<void>(() => undefined), {
      pollIntervalMs: 100,
      leaseTiming: { leaseSeconds: 1, heartbeatMs: 3_600_000, sweepMs: 200 },
      policyOverrides: { generate: { retryLimit: 0 } },
    });
    await dead.enqueueAsPreviousRelease('orphaned-before-the-upgrade');
    await vi.waitFor(() => expect(dead.givenUp).toHaveLength(1), { timeout: 20_000 });
    expect(dead.givenUp[0]!.payload).toEqual({ agentJobId: 'orphaned-before-the-upgrade' });
  });
});

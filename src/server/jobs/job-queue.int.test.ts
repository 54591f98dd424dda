import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDb, type Db } from '../db/client';
import { createLogger } from '../lib/logger';
import { PgListener } from '../realtime/pg-listener';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { JobQueue } from './job-queue';
import type { JobHandlers, JobPayloads } from './job-types';

// A database of its own: the test servers of other files run workers on the same queue names.
let scratch: Awaited<ReturnType<typeof scratchDatabaseOn>>;
let db: Db;
let listener: PgListener;
let queue: JobQueue;
const generated: Array<{ payload: JobPayloads['generate']; retryCount: number }> = [];

beforeAll(async () => {
  scratch = await scratchDatabaseOn(inject('databaseUrl'));
  db = createDb(scratch.url, { max: 4 });
  const logger = createLogger('silent');
  listener = new PgListener(scratch.url, logger);
  await listener.start();
  // Polling every minute: a job that runs at once was woken by the NOTIFY sent with it.
  queue = new JobQueue(scratch.url, listener, logger, { pollIntervalMs: 60_000, policyOverrides: { generate: { concurrency: 2 } } });
  await queue.start();
  const handlers: JobHandlers = {
    'verify-upload': async () => undefined,
    generate: async (payload, context) => {
      generated.push({ payload, retryCount: context.retryCount });
    },
  };
  queue.work(handlers);
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await listener?.stop();
  await db?.$client.end();
  await scratch?.drop?.();
});

describe('JobQueue', () => {
  it('runs a job enqueued in a transaction as soon as the transaction commits, woken without polling', async () => {
    await db.transaction(async (tx) => {
      await queue.enqueue(tx, 'generate', { jobId: 'committed' });
    });
    await vi.waitFor(() => expect(generated.map((g) => g.payload.jobId)).toContain('committed'), { timeout: 10_000 });
  });

  it('runs nothing for a transaction that rolled back', async () => {
    await db
      .transaction(async (tx) => {
        await queue.enqueue(tx, 'generate', { jobId: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await queue.enqueue(tx, 'generate', { jobId: 'after-roll-back' });
    });
    await vi.waitFor(() => expect(generated.map((g) => g.payload.jobId)).toContain('after-roll-back'), { timeout: 10_000 });
    expect(generated.map((g) => g.payload.jobId)).not.toContain('rolled-back');
  });
});

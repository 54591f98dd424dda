import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { claimJobs, queueOptionsOf, sendJob } from './job-queue';
import { JOB_POLICIES } from './job-types';

/**
 * The job runtime wraps statements that are pg-boss's own business: its fetch (leases are written
 * in the same statement, job-leases.ts) and its send (the wake-up NOTIFY goes in the same
 * statement, job-queue.ts). pg-boss is pinned, and the statements the runtime sends to Postgres
 * for the pinned version are recorded beside this file. An upgrade that changes them fails here:
 * read the new statement, check that claimWithLeasesSql still fits it (one statement whose rows
 * carry id, name, data, "retryCount", "retryLimit" and "expireInSeconds") and that a send is still
 * one INSERT … RETURNING id, run job-queue.int.test.ts and pg-boss-contract.int.test.ts, then
 * record the new statements with `npx vitest run --project unit -u src/server/jobs/pg-boss-contract.test.ts`.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const dialect = new PgDialect();

/** A database that records the statements it is given and answers one row. */
function recordingDb(answer: Record<string, unknown>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = {
    execute: async (query: SQL) => {
      statements.push(dialect.sqlToQuery(query));
      return { rows: [answer] };
    },
  };
  return { db: db as unknown as DbOrTx, statements };
}

// Never started: pg-boss builds its statements without a connection, and the runtime hands them its own executor.
const boss = new PgBoss({ connectionString: 'postgres://nobody@127.0.0.1:9/never-connected' });

describe('the pg-boss the job runtime is written against', () => {
  it('is pinned to an exact version, and that version is the one installed', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const pinned = manifest.dependencies['pg-boss']!;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = createRequire(path.join(root, 'package.json'))('pg-boss/package.json') as { version: string };
    expect(installed.version).toBe(pinned);
  });

  it('claims jobs with the fetch statement recorded for it, wrapped to lease what it claims', async () => {
    const { db, statements } = recordingDb({
      id: 'job',
      name: 'generate',
      data: { agentJobId: 'agent-job' },
      retryCount: 0,
      retryLimit: 2,
      expireInSeconds: 1200,
    });
    const claimed = await claimJobs(boss, db, 'generate', 3, { workerId: 'worker', seconds: 10 });
    expect(claimed).toEqual([{ id: 'job', data: { agentJobId: 'agent-job' }, retryCount: 0, retryLimit: 2, timeLimitSeconds: 300 }]);
    expect(statements).toHaveLength(1);
    // Each use of a parameter is a parameter of its own once the statement is Drizzle's.
    expect(new Set(statements[0]!.params)).toEqual(new Set(['generate', 3, 'worker', 10]));
    await expect(statements[0]!.sql).toMatchFileSnapshot('./pg-boss-statements/claim.sql');
  });

  it('sends a job with the insert statement recorded for it, its wake-up in the same statement', async () => {
    const { db, statements } = recordingDb({ id: 'job', pg_notify: '' });
    const id = await sendJob(boss, db, 'generate', { agentJobId: 'agent-job' }, queueOptionsOf(JOB_POLICIES.generate));
    expect(id).toBe('job');
    // One statement: the insert and its NOTIFY commit or roll back together with the caller's transaction.
    expect(statements).toHaveLength(1);
    expect(statements[0]!.params.slice(0, 3)).toEqual([null, 'generate', { agentJobId: 'agent-job' }]);
    expect(statements[0]!.params.slice(-2)).toEqual(['photomuse_jobs', 'generate']);
    await expect(statements[0]!.sql).toMatchFileSnapshot('./pg-boss-statements/enqueue.sql');
  });
});

import { readFileSync } from 'node:fs';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { guardPool } from '../lib/connection-failures';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle, accepted wherever a repository may run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * Time-outs, so that a database that is down or hung costs a request seconds, not minutes:
 * - waiting for a connection (a new one, or a free one of the pool) ends after 3 s;
 * - Postgres itself cancels a statement after 4 s (a slow query on a live server);
 * - we stop waiting for an answer after 5 s (a hung or unreachable server), and drop that
 *   connection (lib/connection-failures.ts);
 * - a transaction left idle for a minute is ended by Postgres, releasing its locks.
 * Migrations run on a connection of their own, without them (runMigrations).
 */
const DATABASE_TIMEOUTS = {
  connectMs: 3_000,
  statementMs: 4_000,
  queryMs: 5_000,
  idleInTransactionMs: 60_000,
} as const;

/** /api/health answers within this, even with every connection of the pool stuck. */
const HEALTH_CHECK_TIMEOUT_MS = 1_000;

export function createDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  guardPool(pool);
  return drizzle(pool, { schema }) as Db;
}

/**
 * Applies the checked-in SQL migrations. An advisory lock lets several processes (API instances,
 * workers, parallel test files) start at once without applying a migration twice. They run on a
 * connection of their own, without the pool's time-outs: waiting for the lock, or building an
 * index on a large table, may rightly take longer.
 */
export async function runMigrations(db: Db): Promise<void> {
  const client = new pg.Client({ connectionString: db.$client.options.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Rejects when the database does not answer within the deadline, however busy or stuck the pool is. */
export async function checkDatabase(db: Db, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  // The query's own read time-out (a per-query option of pg's) drops the connection it hung on.
  const probe: pg.QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: timeoutMs };
  const check = db.$client.query(probe);
  check.catch(() => undefined); // past the deadline nobody waits for it
  try {
    await Promise.race([check, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  return checkDatabase(db).then(
    () => true,
    () => false,
  );
}

let latestMigrationMillis: number | undefined;

/**
 * Whether the database has every migration this build ships (drizzle records each applied one with
 * its journal time; a database restored from an older backup, or migrated by an older build, lacks
 * the newest). Rejects when the database does not answer.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  latestMigrationMillis ??= Math.max(
    ...(JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map(
      (entry) => entry.when,
    ),
  );
  const probe: pg.QueryConfig & { query_timeout: number } = {
    text: 'select max(created_at) as latest from drizzle.__drizzle_migrations',
    query_timeout: HEALTH_CHECK_TIMEOUT_MS,
  };
  const result = await db.$client.query<{ latest: string | null }>(probe);
  return Number(result.rows[0]?.latest ?? 0) >= latestMigrationMillis;
}

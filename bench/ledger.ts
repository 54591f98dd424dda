/**
 * Ledger debits per second at concurrency 50 on one Postgres.
 *
 *   npx tsx bench/ledger.ts                 # embedded Postgres in a temporary directory
 *   DATABASE_URL=postgres://… npx tsx bench/ledger.ts
 *
 * Each debit is what a generation request pays with: `debitForGeneration` on its own transaction
 * (the conditional update and its usage entry). Two shapes: every request against ONE account
 * (the worst case: all 50 queue on one row lock) and requests spread over 50 accounts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb, runMigrations, type Db } from '../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded-postgres';
import { user } from '../src/server/db/schema';
import { creditTopUp } from '../src/server/features/billing/billing.repository';
import { debitForGeneration, openBalanceAccount } from '../src/server/features/billing/billing.service';
import { createLogger } from '../src/server/lib/logger';

const CONCURRENCY = 50;
const WARM_UP_MS = 2_000;
const MEASURE_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const PRICE = 8;

async function newFundedUser(db: Db): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, email: `${id}@bench.test`, emailVerified: true });
  await openBalanceAccount(db, id, 0);
  // Enough for every debit the run can make.
  await creditTopUp(db, { userId: id, amountCents: 1_000_000_000, reference: `bench-${id}`, description: 'bench funds' });
  return id;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(db: Db, label: string, userIds: string[]) {
  const latencies: number[] = [];
  let measuring = false;
  let stop = false;
  let failures = 0;
  const worker = async (index: number) => {
    const userId = userIds[index % userIds.length]!;
    while (!stop) {
      const started = performance.now();
      try {
        await debitForGeneration(db, { userId, jobId: randomUUID(), imageCount: 1, pricePerImageCents: PRICE });
        if (measuring) latencies.push(performance.now() - started);
      } catch {
        failures += 1;
      }
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, (_, i) => worker(i));
  await new Promise((r) => setTimeout(r, WARM_UP_MS));
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  measuring = false;
  const elapsedS = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(workers);
  latencies.sort((a, b) => a - b);
  const result = {
    label,
    debits: latencies.length,
    perSecond: Math.round(latencies.length / elapsedS),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    failures,
  };
  console.log(
    `| ${result.label} | ${result.perSecond} | ${result.p50} ms | ${result.p99} ms | ${result.debits} in ${elapsedS.toFixed(1)} s | ${result.failures} |`,
  );
  return result;
}

async function main() {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-'));
    embedded = await startEmbeddedPostgres(path.join(tempDir, 'pg'), createLogger('warn'));
    url = embedded.url;
  }
  const db = createDb(url, { max: CONCURRENCY });
  try {
    await runMigrations(db);
    console.log(
      `Postgres: ${(await db.$client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version}${embedded ? ' (embedded)' : ''}; ${os.cpus().length} cores; concurrency ${CONCURRENCY}, pool ${CONCURRENCY}`,
    );
    console.log('| shape | debits/s | p50 | p99 | measured | failures |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    await run(db, 'one hot account', [await newFundedUser(db)]);
    const spread = await Promise.all(Array.from({ length: CONCURRENCY }, () => newFundedUser(db)));
    await run(db, `${CONCURRENCY} accounts`, spread);
  } finally {
    await db.$client.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

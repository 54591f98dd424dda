import 'dotenv/config';
import { createDb } from './db/client';
import { databaseForCommand } from './db/command-database';
import { restoreDump, RestoreRefused } from './db/dump/restore-dump';
import { openBackup, openBackupFile } from './features/backups/backups.service';
import { JobQueue } from './jobs/job-queue';
import { loadConfigOrExit } from './lib/env';
import { createLogger } from './lib/logger';
import { exitOnStartFailure } from './lib/start-failure';
import { PgListener } from './realtime/pg-listener';
import { jobQueueOptionsOf } from './runtime';
import { checkStorageReachable, createStorage } from './storage/create-storage';

/**
 * `npm run restore -- <name>`: restores a stored backup into the database (DATABASE_URL, or the
 * embedded one in DATA_DIR) — only an empty one, unless `--force` says to replace what it holds.
 * `--file <path>` restores a dump kept as a file instead. The API and workers must be stopped.
 */
const USAGE = `usage: npm run restore -- <backup name> [--force]
       npm run restore -- --file <path to a .dump.gz> [--force]
  --force  replace everything the database holds (without it, only an empty database is restored into)
`;

const args = process.argv.slice(2);
const force = args.includes('--force');
const rest = args.filter((arg) => arg !== '--force');
const fromFile = rest[0] === '--file';
const source = fromFile ? rest[1] : rest[0];
if (!source || rest.length !== (fromFile ? 2 : 1) || source.startsWith('--')) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const config = loadConfigOrExit();
const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
if (!fromFile) await checkStorageReachable(config).catch((error: unknown) => exitOnStartFailure(logger, error));
const database = await databaseForCommand(config, logger).catch((error: unknown) => exitOnStartFailure(logger, error));
try {
  const dump = fromFile ? openBackupFile(source) : await openBackup(await createStorage(config), source);
  const restored = await restoreDump(database.url, dump, {
    force,
    // The job queue's tables are pg-boss's to make, as at every start; the dump's waiting jobs go into them.
    prepareSchema: async () => {
      const db = createDb(database.url, { max: 2 });
      const jobs = new JobQueue(database.url, db, new PgListener(database.url, logger), logger, jobQueueOptionsOf(config));
      try {
        await jobs.start();
        await jobs.stop();
      } finally {
        await db.$client.end();
      }
    },
  });
  const total = Object.values(restored.rows).reduce((sum, count) => sum + count, 0);
  process.stdout.write(
    `Restored ${source}, made ${restored.header.createdAt}: ${total} rows in ${Object.keys(restored.rows).length} tables. Start the service now.\n`,
  );
} catch (error) {
  if (error instanceof RestoreRefused) process.stderr.write(`Not restored: ${error.message}\n`);
  else
    process.stderr.write(
      `The restore failed: ${error instanceof Error ? error.message : String(error)}\n(The database may be left empty: run the restore again once the cause is fixed.)\n`,
    );
  process.exitCode = 1;
} finally {
  await database.stop();
}

import 'dotenv/config';
import { databaseForCommand } from './db/command-database';
import { backUpAndPrune, listBackups } from './features/backups/backups.service';
import { QUEUE_DUMP_SCOPE } from './jobs/job-queue';
import { loadConfigOrExit } from './lib/env';
import { createLogger } from './lib/logger';
import { exitOnStartFailure } from './lib/start-failure';
import { checkStorageReachable, createStorage } from './storage/create-storage';

/**
 * `npm run backup`: a dump of the database now, into the configured storage, as the scheduled job
 * makes them (then the oldest beyond BACKUP_RETENTION go). `npm run backup -- --list`: the stored
 * dumps, newest first. Runs beside the server, embedded Postgres included.
 */
const USAGE = 'usage: npm run backup            make a backup now\n       npm run backup -- --list  list the stored backups\n';

const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--list')) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const config = loadConfigOrExit();
// The command's own answer is what the operator reads; the log says more only when asked to.
const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
await checkStorageReachable(config).catch((error: unknown) => exitOnStartFailure(logger, error));
const storage = await createStorage(config);

if (args.includes('--list')) {
  const backups = await listBackups(storage);
  if (backups.length === 0) process.stdout.write('No backups stored yet.\n');
  for (const backup of backups) process.stdout.write(`${backup.name}  ${formatBytes(backup.size)}\n`);
  process.exit(0);
}

const database = await databaseForCommand(config, logger).catch((error: unknown) => exitOnStartFailure(logger, error));
try {
  const made = await backUpAndPrune(
    { databaseUrl: database.url, storage, logger },
    { scope: QUEUE_DUMP_SCOPE, keep: config.backup.retention },
  );
  process.stdout.write(
    `Stored ${made.name} (${formatBytes(made.size)})${made.deleted.length > 0 ? `; deleted ${made.deleted.length} older beyond BACKUP_RETENTION=${config.backup.retention}` : ''}.\n`,
  );
} catch (error) {
  process.stderr.write(`The backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.stop();
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

import path from 'node:path';
import type { AppConfig } from '../lib/env';
import type { Logger } from '../lib/logger';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from './embedded-postgres';

/**
 * The database for a command run by hand (`npm run backup`, `npm run restore`): DATABASE_URL; else
 * the embedded Postgres in DATA_DIR — the server's, while it runs, or started for the command and
 * stopped after it. So the embedded default needs nothing but Node.js for its backups either.
 */
export async function databaseForCommand(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  logger: Logger,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const dir = path.join(config.dataDir, 'pg');
  const running = await runningEmbeddedPostgresUrl(dir);
  if (running) return { url: running, stop: async () => undefined };
  return startEmbeddedPostgres(dir, logger);
}

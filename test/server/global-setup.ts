import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, runMigrations } from '@server/db/client';
import { scratchDatabaseOn } from './scratch-database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@server/db/embedded-postgres';
import { createLogger } from '@server/lib/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Integration tests run against a real Postgres: the one DATABASE_URL names (CI runs them a second
 * time against the machine's own server), else an embedded one in a temporary directory.
 */
export default async function setup(project: TestProject) {
  const logger = createLogger('warn');
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let url = process.env.DATABASE_URL;
  let dropScratch: (() => Promise<void>) | undefined;
  if (url) {
    ({ url, drop: dropScratch } = await scratchDatabaseOn(url));
  } else {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-int-'));
    embedded = await startEmbeddedPostgres(path.join(tempDir, 'pg'), logger);
    url = embedded.url;
  }
  const db = createDb(url, { max: 1 });
  await runMigrations(db);
  await db.$client.end();
  project.provide('databaseUrl', url);

  return async () => {
    await dropScratch?.();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createDb, runMigrations } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { createLogger } from '../lib/logger';

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

/**
 * On a shared server (DATABASE_URL) each run gets a database of its own, so runs never see each
 * other's rows or an older schema; without the right to create one, the given database is used.
 */
async function scratchDatabaseOn(serverUrl: string): Promise<{ url: string; drop?: () => Promise<void> }> {
  const name = `photomuse_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch {
    await admin.end();
    return { url: serverUrl };
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client(serverUrl);
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '@server/lib/env';
import { createLogger } from '@server/lib/logger';
import { startServer, type RunningServer, type StartServerOptions } from '@server/start-server';

/**
 * The real server on an ephemeral port against the test Postgres, configured through the same
 * environment contract as production. Callers stop it in afterAll.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<StartServerOptions, 'jobPolicyOverrides' | 'webDistDir'> = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: inject('databaseUrl'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  return startServer({ config, logger: createLogger(config.logLevel), ...options });
}

/** A unique address per test, so tests never collide on a shared database. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

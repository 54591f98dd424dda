import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { E2E_OPERATOR_EMAIL } from './support/operator';
import { freePort } from './support/app-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The client this run built, for a test that starts a server of its own on it. */
    webDistDir: string;
    /** The run's database when DATABASE_URL was given (else each server embeds its own). */
    e2eDatabaseUrl: string | undefined;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * Browser tests run against the product started exactly as the README says: `npm start`, with
 * its embedded Postgres in a fresh data directory (or DATABASE_URL when the caller set one).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-e2e-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // A client build of its own, so parallel runs never share dist/.
  const webDistDir = path.join(dataDir, 'web');
  // With DATABASE_URL (a shared server) the product gets a database of its own for this run.
  const scratch = process.env.DATABASE_URL ? await scratchDatabaseOn(process.env.DATABASE_URL) : undefined;
  const databaseEnv = scratch ? { DATABASE_URL: scratch.url } : {};
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      WEB_DIST_DIR: webDistDir,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...databaseEnv,
      ...E2E_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.unref();

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start was not ready in 90 s:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('webDistDir', webDistDir);
  project.provide('e2eDatabaseUrl', scratch?.url);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    await scratch?.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Settings the browser tests rely on, in one place (e.g. a fixed price for assertions). */
const E2E_ENV: Record<string, string> = {
  // Each browser context sends its own X-Forwarded-For (support/browser.ts), so tests that sign
  // many users up are not one client hitting the per-address limits.
  TRUST_PROXY: 'true',
  // The operator console's tests sign this address up (admin-console.e2e.ts).
  ADMIN_EMAILS: E2E_OPERATOR_EMAIL,
};

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from '@test/server/app-process';
import { startLocalS3Server, type LocalS3Server } from '@test/server/s3-server';
import { findFreePort } from '../lib/free-port';

/**
 * A start with S3 settings asks the bucket once, and stops with one message when it cannot be used.
 * Each test starts a real process (tsx compiling the server takes 10-15 s on a busy machine).
 */
const PROCESS_TEST = { timeout: 90_000 };
let s3: LocalS3Server;
let dataDir: string;
const processes: AppProcess[] = [];
beforeAll(async () => {
  s3 = await startLocalS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-s3-start-'));
});
afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function start(kind: 'api' | 'worker', env: Record<string, string>): AppProcess {
  const started = startAppProcess(kind, { DATA_DIR: dataDir, ...s3.env, ...env });
  processes.push(started);
  return started;
}

describe('starting with S3 settings', () => {
  it('stops the API with one message naming the bucket that does not exist, before starting anything else', PROCESS_TEST, async () => {
    const api = start('api', { PORT: String(await findFreePort()), S3_BUCKET: 'photos-typo' });
    expect(await api.exited).toBe(1);
    const output = api.output();
    expect(output).toContain(`Invalid configuration:\n  - S3_BUCKET: the bucket "photos-typo" does not exist at ${s3.endpoint}\n`);
    expect(output.match(/Invalid configuration:/g)).toHaveLength(1);
    // Stopped before the database: no embedded Postgres was started, nothing listened.
    expect(output).not.toContain('embedded Postgres');
    expect(output).not.toContain('is ready at');
  });

  it('stops `npm run worker` the same way', PROCESS_TEST, async () => {
    const worker = start('worker', { DATABASE_URL: inject('databaseUrl'), S3_BUCKET: 'photos-typo' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain(`Invalid configuration:\n  - S3_BUCKET: the bucket "photos-typo" does not exist at ${s3.endpoint}\n`);
    expect(worker.output()).not.toContain('worker is running');
  });

  it('stops with the configuration problems before asking any server, when the settings are incomplete', PROCESS_TEST, async () => {
    const api = start('api', { PORT: String(await findFreePort()), S3_BUCKET: '', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: '' });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('S3_BUCKET is required when S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_FORCE_PATH_STYLE are set');
    expect(api.output()).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  });

  it('starts the API when the bucket answers', PROCESS_TEST, async () => {
    const port = await findFreePort();
    const api = start('api', { PORT: String(port), DATABASE_URL: inject('databaseUrl') });
    await api.ready;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(await api.stop()).toBe(0);
  });
});

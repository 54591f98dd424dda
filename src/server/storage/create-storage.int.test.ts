import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3Server, type LocalS3Server } from '@test/server/s3-server';
import { ConfigError, loadConfig } from '../lib/env';
import { checkStorageReachable, createStorage } from './create-storage';
import { S3Storage } from './s3-storage';
import { LocalDiskStorage } from './storage';

/** The start-up check of S3 settings against a real S3-protocol server on loopback. */
let s3: LocalS3Server;
beforeAll(async () => {
  s3 = await startLocalS3Server();
});
afterAll(() => s3?.close());

const configWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...s3.env, ...env });

async function problemOf(env: Record<string, string>, timeoutMs = 5_000): Promise<string[]> {
  const error = await checkStorageReachable(configWith(env), timeoutMs).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(error)}`);
  return error.problems;
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('choosing the storage', () => {
  it('uses the bucket when S3_BUCKET is set, and local disk otherwise', async () => {
    expect(await createStorage(configWith({}))).toBeInstanceOf(S3Storage);
    expect(await createStorage(loadConfig({ DATA_DIR: '/tmp/unused' }))).toBeInstanceOf(LocalDiskStorage);
  });
});

describe('checking the bucket at start', () => {
  it('passes when the bucket answers', async () => {
    await expect(checkStorageReachable(configWith({}))).resolves.toBeUndefined();
  });

  it('names S3_BUCKET when the bucket does not exist', async () => {
    expect(await problemOf({ S3_BUCKET: 'no-such-bucket' })).toEqual([
      `S3_BUCKET: the bucket "no-such-bucket" does not exist at ${s3.endpoint}`,
    ]);
  });

  it('names S3_ENDPOINT when nothing answers there', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    expect(await problemOf({ S3_ENDPOINT: endpoint })).toEqual([
      `S3_ENDPOINT: the storage server at ${endpoint} does not answer (ECONNREFUSED), so the bucket "${s3.bucket}" cannot be reached`,
    ]);
  });

  it('gives up on a server that takes the connection but never answers, saying so', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      expect(await problemOf({ S3_ENDPOINT: endpoint }, 1_000)).toEqual([
        `S3_ENDPOINT: the storage server at ${endpoint} does not answer (no answer in time), so the bucket "${s3.bucket}" cannot be reached`,
      ]);
    } finally {
      silent.close();
    }
  });

  it('names the keys when the server refuses them', async () => {
    expect(await problemOf({ S3_ACCESS_KEY_ID: 'NOT-A-KEY', S3_SECRET_ACCESS_KEY: 'whatever' })).toEqual([
      `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the storage server at ${s3.endpoint} refused access to the bucket "${s3.bucket}" (HTTP 403); check the keys and that they may read and write it`,
    ]);
  });

  it('names the keys when the key id is right but the secret is wrong (the server checks the signature)', async () => {
    expect(await problemOf({ S3_SECRET_ACCESS_KEY: 'not-the-secret' })).toEqual([
      `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the storage server at ${s3.endpoint} refused access to the bucket "${s3.bucket}" (HTTP 403); check the keys and that they may read and write it`,
    ]);
  });

  it("names S3_REGION when the requests are signed for another region than the bucket's", async () => {
    expect(await problemOf({ S3_REGION: 'eu-central-1' })).toEqual([
      `S3_REGION: the storage server at ${s3.endpoint} refused requests signed for the region "eu-central-1" (HTTP 400); set the bucket's region`,
    ]);
  });

  it('asks nothing of anyone for local disk', async () => {
    await expect(checkStorageReachable(loadConfig({ DATA_DIR: '/tmp/unused' }))).resolves.toBeUndefined();
  });
});

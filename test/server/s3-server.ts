import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-protocol server (s3rver, objects in a temporary folder) on a loopback port, with one
 * bucket. s3rver knows one account, S3RVER / S3RVER; it refuses other access key ids but does not
 * check SigV4 signatures, so a wrong secret with the right key id goes unnoticed by it.
 */
export interface LocalS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables that point the app at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3Server(bucket = 'photomuse-test'): Promise<LocalS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'photomuse-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...credentials,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

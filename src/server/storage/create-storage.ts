import path from 'node:path';
import { ConfigError, type AppConfig } from '../lib/env';
import type { S3Settings, S3Storage } from './s3-storage';
import { LocalDiskStorage, type Storage } from './storage';

/**
 * The AWS SDK is loaded only when S3 is configured: importing it takes about half a second, which
 * every start on local disk (and every test server) would otherwise pay.
 */
async function s3StorageFor(settings: S3Settings): Promise<S3Storage> {
  const { createS3Client, S3Storage } = await import('./s3-storage');
  return new S3Storage(createS3Client(settings), settings.bucket);
}

/** The storage the configuration chooses: the S3 bucket when S3_BUCKET is set, else `DATA_DIR/storage`. */
export async function createStorage(config: Pick<AppConfig, 'storage' | 'dataDir'>): Promise<Storage> {
  return config.storage.kind === 's3' ? s3StorageFor(config.storage) : new LocalDiskStorage(path.join(config.dataDir, 'storage'));
}

/** How long the start waits for the bucket's answer, retries included. */
const BUCKET_CHECK_TIMEOUT_MS = 15_000;

/**
 * At start, with S3 settings: asks the bucket once (HeadBucket) and throws a ConfigError naming
 * the variable to fix when it does not answer, does not exist or refuses the credentials — so a
 * start stops with one clear message instead of failing on the first upload. Local disk needs no
 * check (its folders are made on first write).
 */
export async function checkStorageReachable(config: Pick<AppConfig, 'storage'>, timeoutMs = BUCKET_CHECK_TIMEOUT_MS): Promise<void> {
  if (config.storage.kind !== 's3') return;
  const settings = config.storage;
  const storage = await s3StorageFor(settings);
  try {
    await storage.headBucket(AbortSignal.timeout(timeoutMs));
  } catch (error) {
    throw new ConfigError([bucketProblem(settings, error)]);
  }
}

interface SdkErrorShape {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** One sentence for the operator: what the server answered and which variable to look at. */
export function bucketProblem(settings: S3Settings, error: unknown): string {
  const where = settings.endpoint ? `at ${settings.endpoint}` : `on AWS S3 in ${settings.region}`;
  const failure = (error ?? {}) as SdkErrorShape;
  const status = failure.$metadata?.httpStatusCode;
  // A HEAD answer has no body, so an error the SDK cannot name comes back as "Unknown" with its status.
  const name = failure.name === 'Unknown' ? '' : (failure.name ?? '');
  const label = name || `HTTP ${status}`;
  if (name === 'CredentialsProviderError') {
    return `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: no credentials for the bucket "${settings.bucket}" ${where} (set both, or give the process AWS credentials)`;
  }
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
    return `S3_BUCKET: the bucket "${settings.bucket}" does not exist ${where}`;
  }
  if (status === 401 || status === 403 || ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden'].includes(name)) {
    return `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the storage server ${where} refused access to the bucket "${settings.bucket}" (${label}); check the keys and that they may read and write it`;
  }
  if (status === 301 || name === 'PermanentRedirect') {
    return `S3_REGION: the bucket "${settings.bucket}" is in another region than "${settings.region}"`;
  }
  // A regional endpoint (AWS, MinIO, R2) answers a request signed for another region with 400
  // (AuthorizationHeaderMalformed; a HEAD answer carries only the status).
  if (status === 400 || name === 'AuthorizationHeaderMalformed') {
    return `S3_REGION: the storage server ${where} refused requests signed for the region "${settings.region}" (${label}); set the bucket's region`;
  }
  if (status !== undefined) {
    return `S3_BUCKET: the storage server ${where} answered ${label} when asked for the bucket "${settings.bucket}"`;
  }
  const reason =
    failure.code ?? (name === 'TimeoutError' || name === 'AbortError' ? 'no answer in time' : failure.message || name || 'unknown error');
  return `${settings.endpoint ? 'S3_ENDPOINT' : 'S3_REGION'}: the storage server ${where} does not answer (${reason}), so the bucket "${settings.bucket}" cannot be reached`;
}

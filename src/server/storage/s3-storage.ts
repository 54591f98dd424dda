import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage, type StoredObject } from './storage';

/** The S3 settings of the configuration (S3_* variables, lib/env.ts). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 itself, in `region`. Set: MinIO, Ceph, R2, B2 or any S3-compatible server. */
  endpoint: string | undefined;
  region: string;
  /** Both unset: the SDK's own credential chain (AWS_* variables, shared config files, instance roles). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`: most self-hosted servers need it. */
  forcePathStyle: boolean;
}

/** A server that does not answer a connection in this long is reported, not waited for. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A socket idle this long mid-request (a hung server) fails the request instead of hanging it. */
const IDLE_SOCKET_TIMEOUT_MS = 30_000;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default (WHEN_SUPPORTED) adds CRC32 checksums to every upload, sent as an
    // aws-chunked body with a trailer when the body is a stream; many S3-compatible servers
    // (s3rver, older MinIO and Ceph) do not understand that and store the framing as the file's
    // bytes. WHEN_REQUIRED sends checksums only for the operations S3 demands them for (none we
    // use), which every S3 implementation accepts; TLS and the SigV4 payload hash still protect
    // the bytes in transit. Responses are validated only where asked, for the same reason.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_SOCKET_TIMEOUT_MS },
  });
}

/** The Content-Type an object is stored with (by its key's extension), for anyone browsing the bucket. */
function contentTypeOf(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'png') return 'image/png';
  if (extension === 'webp') return 'image/webp';
  return 'application/octet-stream';
}

/**
 * Files in one S3 bucket, under the same keys as on local disk. Objects are written without an
 * ACL, so they stay as private as the bucket (the default on S3): browsers get the bytes only
 * through the API, after its owner check (files.routes.ts), which also sets the cache headers.
 */
export class S3Storage implements Storage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentTypeOf(key) }),
    );
  }

  /** One PUT with the file streamed as its body (S3 takes up to 5 GB that way). */
  async putFile(key: string, filePath: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(filePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertSafeKey(prefix.replace(/\/+$/, ''));
    const found: StoredObject[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 });
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return found;
  }

  async get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    assertSafeKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return null;
      return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  /** Deleting a key that is not there succeeds, as on S3 itself and on local disk. */
  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Lists the folder's keys and deletes them one by one: DeleteObjects would need a checksum that
   * many S3-compatible servers do not take (see createS3Client), and what is left of an account by
   * the time its folder goes is a few files at most.
   */
  async deleteFolder(folder: string): Promise<void> {
    assertSafeKey(folder);
    for (const { key } of await this.list(`${folder}/`)) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** One HeadBucket: throws what the server answered (or that it did not answer). */
  async headBucket(signal: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
  }
}

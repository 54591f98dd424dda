import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3Server, type LocalS3Server } from '@test/server/s3-server';
import { signedInUser, TEST_PASSWORD, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { uploadFixture } from '@test/server/uploads';
import { userFiles } from '../../db/schema';
import type { RunningServer } from '../../start-server';

/** Files served through the API from an S3 bucket (a real S3-protocol server on loopback). */
let s3: LocalS3Server;
let server: RunningServer;
let owner: SignedInClient;
beforeAll(async () => {
  s3 = await startLocalS3Server();
  server = await startTestServer(s3.env);
  owner = await signedInUser(server);
});
afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

describe('serving files from the bucket', () => {
  it('serves an upload to its owner only, privately cached, and answers 404 to anyone else', async () => {
    const photo = await uploadFixture(owner);
    const served = await owner.get(`/api/files/${photo.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(served.headers.get('content-length'))).toBe((await served.arrayBuffer()).byteLength);

    const stranger = await signedInUser(server);
    expect((await stranger.get(`/api/files/${photo.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/files/${photo.id}`)).status).toBe(404);
  });

  it('keeps serving after many browsers leave in the middle of a download', async () => {
    const photo = await uploadFixture(owner);
    const [row] = await server.deps.db.select({ key: userFiles.storedFilename }).from(userFiles).where(eq(userFiles.id, photo.id));
    // Larger than the socket buffers, so a download left part-way is really unfinished on the server.
    const large = randomBytes(4_000_000);
    await server.deps.storage.put(row!.key, large);

    // More than the S3 client's 50 pooled connections: one kept per abandoned download would starve the next.
    for (let download = 0; download < 60; download++) {
      const abort = new AbortController();
      const response = await owner.request(`/api/files/${photo.id}`, { signal: abort.signal });
      expect(response.status).toBe(200);
      await response.body!.getReader().read();
      abort.abort();
    }
    const complete = await owner.get(`/api/files/${photo.id}`);
    expect(complete.status).toBe(200);
    expect(Buffer.from(await complete.arrayBuffer()).equals(large)).toBe(true);
  });

  it('leaves nothing of a deleted account in the bucket: its files, thumbnails and anything else under its prefix', async () => {
    const leaving = await signedInUser(server);
    await uploadFixture(leaving);
    // Something of the account's that no row names (left over from an interrupted job, say).
    await server.deps.storage.put(`public/${leaving.userId}/generated/orphan-0.png`, Buffer.from('orphan'));
    const reader = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const keysUnder = async (prefix: string) =>
      ((await reader.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key);
    expect(await keysUnder(`public/${leaving.userId}/`)).not.toEqual([]);

    expect((await leaving.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await keysUnder(`public/${leaving.userId}/`)).toEqual([]);
    expect(await keysUnder(`public/${owner.userId}/`)).not.toEqual([]);
  });
});

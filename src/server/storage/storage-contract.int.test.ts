import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3Server, type LocalS3Server } from '@test/server/s3-server';
import { createS3Client, S3Storage } from './s3-storage';
import { LocalDiskStorage, type Storage } from './storage';
import { uploadedPhotoKey, userFolderKey } from './storage-keys';

/**
 * The Storage contract, run against each implementation: local disk, and an S3 bucket on a real
 * S3-protocol server (s3rver) started on loopback. `stored(key)` reads the backing store directly
 * (the file on disk, the object through a client of its own), so a test sees where the bytes
 * really went, not only what the implementation says back.
 */
interface Backend {
  name: string;
  storage: Storage;
  stored(key: string): Promise<Buffer | null>;
  /** Whatever the store still has under `folder`: files, and (on disk) the folders themselves. */
  leftUnder(folder: string): Promise<string[]>;
}

let s3: LocalS3Server;
let diskRoot: string;
const backends: Backend[] = [];
beforeAll(async () => {
  diskRoot = await mkdtemp(path.join(os.tmpdir(), 'photomuse-storage-'));
  backends.push({
    name: 'local disk',
    storage: new LocalDiskStorage(diskRoot),
    stored: (key) => readFile(path.join(diskRoot, key)).catch(() => null),
    leftUnder: async (folder) => {
      const found = await readdir(path.join(diskRoot, folder), { recursive: true }).catch(() => null);
      return found === null ? [] : [folder, ...found.map((entry) => `${folder}/${entry}`)];
    },
  });

  s3 = await startLocalS3Server();
  const storage = new S3Storage(
    createS3Client({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    }),
    s3.bucket,
  );
  // A plain client, as another tool reading the bucket would use.
  const reader = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  backends.push({
    name: 'S3 (s3rver on loopback)',
    storage,
    stored: async (key) => {
      try {
        const object = await reader.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    leftUnder: async (folder) => {
      const page = await reader.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${folder}/` }));
      return (page.Contents ?? []).map((object) => object.Key!);
    },
  });
});
afterAll(async () => {
  await s3?.close();
  if (diskRoot) await rm(diskRoot, { recursive: true, force: true });
});

async function bytesOf(found: { body: ReadableStream<Uint8Array>; size: number } | null): Promise<Buffer | null> {
  return found ? Buffer.from(await new Response(found.body).arrayBuffer()) : null;
}

let counter = 0;
const freshKey = (name = 'photo.jpg') => uploadedPhotoKey(`user${Date.now().toString(36)}`, Date.now() + counter++, name);

describe.each(['local disk', 'S3 (s3rver on loopback)'])('the storage contract on %s', (backendName) => {
  const backend = () => backends.find((candidate) => candidate.name === backendName)!;

  it('stores bytes under the key and gives them back exactly, with their size', async () => {
    const { storage, stored } = backend();
    const key = freshKey();
    // Every byte value, and more than one network packet's worth.
    const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)), randomBytes(300_000)]);
    await storage.put(key, data);
    expect((await stored(key))?.equals(data)).toBe(true);
    const found = await storage.get(key);
    expect(found?.size).toBe(data.length);
    expect((await bytesOf(found))?.equals(data)).toBe(true);
  });

  it('answers null for a key that was never stored', async () => {
    expect(await backend().storage.get(freshKey('never-stored.jpg'))).toBeNull();
  });

  it('replaces the bytes when a key is stored again', async () => {
    const { storage } = backend();
    const key = freshKey();
    await storage.put(key, Buffer.from('first version'));
    await storage.put(key, Buffer.from('second'));
    const found = await storage.get(key);
    expect(found?.size).toBe(6);
    expect((await bytesOf(found))?.toString()).toBe('second');
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    const { storage, stored } = backend();
    const key = freshKey();
    await storage.put(key, Buffer.from('to delete'));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await stored(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('keeps files under different keys apart, written at once', async () => {
    const { storage } = backend();
    const keys = Array.from({ length: 8 }, (_, index) => freshKey(`photo-${index}.webp`));
    await Promise.all(keys.map((key, index) => storage.put(key, Buffer.from(`image ${index}`))));
    const read = await Promise.all(keys.map(async (key) => (await bytesOf(await storage.get(key)))?.toString()));
    expect(read).toEqual(keys.map((_, index) => `image ${index}`));
  });

  it('gives a stream a response can carry (how files.routes.ts serves it)', async () => {
    const { storage } = backend();
    const key = freshKey('thumb.webp');
    await storage.put(key, Buffer.from('webp bytes'));
    const found = await storage.get(key);
    const response = new Response(found!.body, { headers: { 'Content-Length': String(found!.size) } });
    expect(await response.text()).toBe('webp bytes');
  });

  it('frees what a read holds when its reader stops part-way (a browser leaving mid-download)', async () => {
    const { storage } = backend();
    const key = freshKey('large.jpg');
    const data = randomBytes(2_000_000);
    await storage.put(key, data);
    // More abandoned reads than the S3 client's 50 pooled connections: a leak would hang the next get.
    for (let read = 0; read < 60; read++) {
      const reader = (await storage.get(key))!.body.getReader();
      await reader.read();
      await reader.cancel();
    }
    expect((await bytesOf(await storage.get(key)))?.equals(data)).toBe(true);
  });

  it('stores a local file under the key, streamed from disk', async () => {
    const { storage, stored } = backend();
    const key = `backups/${backendName.length}-${Date.now().toString(36)}-${counter++}.dump.gz`;
    const data = randomBytes(3_000_000);
    const file = path.join(diskRoot, `upload-${counter++}.bin`);
    await writeFile(file, data);
    await storage.putFile(key, file);
    expect((await stored(key))?.equals(data)).toBe(true);
    expect((await storage.get(key))?.size).toBe(data.length);
  });

  it('lists the files under a folder with their sizes, and nothing outside it', async () => {
    const { storage } = backend();
    const folder = `list-${Date.now().toString(36)}-${counter++}`;
    await storage.put(`${folder}/a.dump.gz`, Buffer.from('one'));
    await storage.put(`${folder}/b.dump.gz`, Buffer.from('three'));
    await storage.put(`${folder}-other/c.dump.gz`, Buffer.from('elsewhere'));
    const listed = await storage.list(`${folder}/`);
    expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: `${folder}/a.dump.gz`, size: 3 },
      { key: `${folder}/b.dump.gz`, size: 5 },
    ]);
    await storage.delete(`${folder}/a.dump.gz`);
    expect((await storage.list(`${folder}/`)).map((object) => object.key)).toEqual([`${folder}/b.dump.gz`]);
    expect(await storage.list(`never-written-${counter++}/`)).toEqual([]);
  });

  it("deletes an account's folder, files and folders alike, and nothing of a folder whose name only starts the same", async () => {
    const { storage, stored, leftUnder } = backend();
    const userId = `user${Date.now().toString(36)}${counter++}`;
    const folder = userFolderKey(userId);
    const keys = [uploadedPhotoKey(userId, 1, 'a.jpg'), uploadedPhotoKey(userId, 2, 'a.thumb.webp'), `${folder}/generated/job-0.png`];
    const neighbour = uploadedPhotoKey(`${userId}0`, 1, 'b.jpg');
    await Promise.all([...keys, neighbour].map((key) => storage.put(key, Buffer.from(key))));
    // Deleted one by one first, as an account's rows are: the folders stay behind on disk.
    await storage.delete(keys[0]!);
    expect(await leftUnder(folder)).not.toEqual([]);

    await storage.deleteFolder(folder);
    expect(await leftUnder(folder)).toEqual([]);
    for (const key of keys) expect(await stored(key), key).toBeNull();
    expect((await stored(neighbour))?.toString()).toBe(neighbour);
    // Deleting a folder that is not there is no error.
    await expect(storage.deleteFolder(folder)).resolves.toBeUndefined();
    await expect(storage.deleteFolder('public/../outside')).rejects.toThrow('unsafe storage key');
  });

  it('refuses keys that could leave its root, before touching the store', async () => {
    const { storage } = backend();
    for (const key of ['../outside.jpg', '/etc/passwd', 'public/u1/../../x.jpg', 'public//x.jpg', 'public/a b.jpg']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('unsafe storage key');
      await expect(storage.get(key), key).rejects.toThrow('unsafe storage key');
      await expect(storage.delete(key), key).rejects.toThrow('unsafe storage key');
    }
  });
});

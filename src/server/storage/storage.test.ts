import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertSafeKey, LocalDiskStorage } from './storage';

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

describe('local disk storage', () => {
  it('stores, reads back and deletes a file', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    roots.push(root);
    const storage = new LocalDiskStorage(root);
    await storage.put('public/u1/uploaded-photos/1-photo.jpg', Buffer.from('bytes'));
    expect(await readFile(path.join(root, 'public/u1/uploaded-photos/1-photo.jpg'), 'utf8')).toBe('bytes');
    const found = await storage.get('public/u1/uploaded-photos/1-photo.jpg');
    expect(found?.size).toBe(5);
    expect(Buffer.from(await new Response(found!.body).arrayBuffer()).toString()).toBe('bytes');
    await storage.delete('public/u1/uploaded-photos/1-photo.jpg');
    expect(await storage.get('public/u1/uploaded-photos/1-photo.jpg')).toBeNull();
  });

  it('refuses keys that could escape the storage root', () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b', 'a/./b', 'a\\b', 'a/b c']) {
      expect(() => assertSafeKey(key), key).toThrow('unsafe storage key');
    }
    expect(() => assertSafeKey('public/u1/uploaded-photos/1700000000-my_photo.jpg')).not.toThrow();
  });
});

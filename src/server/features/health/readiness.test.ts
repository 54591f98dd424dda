import { describe, expect, it } from 'vitest';
import type { Storage } from '../../storage/storage';
import { checkStorage } from './readiness';

const storageWhoseReads = (get: Storage['get']): Storage => ({
  get,
  put: () => Promise.resolve(),
  putFile: () => Promise.resolve(),
  delete: () => Promise.resolve(),
  deleteFolder: () => Promise.resolve(),
  list: () => Promise.resolve([]),
});

describe('the readiness check of the storage', () => {
  it('passes when a read answers, with nothing or with bytes (and lets go of the bytes)', async () => {
    await expect(checkStorage(storageWhoseReads(() => Promise.resolve(null)))).resolves.toBeUndefined();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) });
    await expect(checkStorage(storageWhoseReads(() => Promise.resolve({ body, size: 1 })))).resolves.toBeUndefined();
    await Promise.resolve();
    expect(cancelled).toBe(true);
  });

  it('fails when a read fails', async () => {
    await expect(checkStorage(storageWhoseReads(() => Promise.reject(new Error('connect ECONNREFUSED'))))).rejects.toThrow('ECONNREFUSED');
  });

  it('fails in time when a read never answers', async () => {
    await expect(
      checkStorage(
        storageWhoseReads(() => new Promise(() => undefined)),
        50,
      ),
    ).rejects.toThrow('did not answer within 50 ms');
  });
});

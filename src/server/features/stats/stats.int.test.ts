import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { user, userFiles } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { startTestServer, uniqueEmail } from '@test/server/test-server';
import type { Stats } from '@shared/stats';
import { countImagesAndUsers } from './stats.repository';
import { STATS_CACHE_TTL_MS, createStatsService } from './stats.service';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function insertUser(db: DbOrTx): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, email: uniqueEmail('stats'), name: 'Stats' });
  return id;
}

async function insertFile(db: DbOrTx, userId: string, isGenerated: boolean): Promise<void> {
  const stored = `${randomUUID()}.webp`;
  await db.insert(userFiles).values({
    userId,
    originalFilename: 'photo.webp',
    storedFilename: stored,
    fileUrl: `/api/files/${stored}`,
    mimeType: 'image/webp',
    fileSizeBytes: 1234,
    isGenerated,
    verifiedEnum: 'approved',
  });
}

class Rollback extends Error {}

/** Other test files share this database; a repeatable-read snapshot hides their rows from ours. */
async function inIsolatedSnapshot(work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  await server.deps.db
    .transaction(
      async (tx) => {
        await work(tx);
        throw new Rollback();
      },
      { isolationLevel: 'repeatable read' },
    )
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

const getStats = async (): Promise<{ status: number; body: Stats; cacheControl: string | null }> => {
  const response = await fetch(`${server.url}/api/stats`);
  return { status: response.status, body: (await response.json()) as Stats, cacheControl: response.headers.get('cache-control') };
};

describe('GET /api/stats', () => {
  it('counts generated images (not uploads) and registered users', async () => {
    await inIsolatedSnapshot(async (tx) => {
      const before = await countImagesAndUsers(tx);
      const first = await insertUser(tx);
      const second = await insertUser(tx);
      await insertFile(tx, first, true);
      await insertFile(tx, first, true);
      await insertFile(tx, second, true);
      await insertFile(tx, second, false);
      expect(await countImagesAndUsers(tx)).toEqual({ images: before.images + 3, users: before.users + 2 });
    });
  });

  it('answers the public counts without a session, cacheable for a minute', async () => {
    const { status, body, cacheControl } = await getStats();
    expect(status).toBe(200);
    expect(body).toEqual({ images: expect.any(Number), users: expect.any(Number) });
    expect(cacheControl).toBe('public, max-age=60');
  });

  it('keeps serving the cached counts for 60 s after new images and users arrive', async () => {
    const { body: first } = await getStats();
    const userId = await insertUser(server.deps.db);
    await insertFile(server.deps.db, userId, true);
    const { body: second } = await getStats();
    expect(second).toEqual(first);
  });

  it('refreshes from the database once the 60 s have passed', async () => {
    let clock = 1_000_000;
    const service = createStatsService({ countImagesAndUsers: () => countImagesAndUsers(server.deps.db), now: () => clock });
    const first = await service.getStats();
    const userId = await insertUser(server.deps.db);
    await insertFile(server.deps.db, userId, true);

    clock += STATS_CACHE_TTL_MS - 1;
    expect(await service.getStats()).toEqual(first);

    clock += 1;
    const refreshed = await service.getStats();
    // Other test files may add rows concurrently, so ours are a lower bound.
    expect(refreshed.images).toBeGreaterThanOrEqual(first.images + 1);
    expect(refreshed.users).toBeGreaterThanOrEqual(first.users + 1);
  });

  it('serves the previous counts when a refresh fails, and fails when it has none', async () => {
    let clock = 0;
    let failing = false;
    const stale: unknown[] = [];
    const service = createStatsService({
      countImagesAndUsers: () => (failing ? Promise.reject(new Error('database down')) : countImagesAndUsers(server.deps.db)),
      now: () => clock,
      onStaleServed: (error) => stale.push(error),
    });
    failing = true;
    await expect(service.getStats()).rejects.toThrow('database down');
    failing = false;
    const known = await service.getStats();
    failing = true;
    clock += STATS_CACHE_TTL_MS;
    expect(await service.getStats()).toEqual(known);
    expect(stale).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Db } from '../../db/client';
import { chatSessions, user, userFiles } from '../../db/schema';
import { approvedFileCount, insertUserFile, listApprovedFiles } from './user-files.repository';

/**
 * The library's total comes from user_file_counts, which a trigger keeps (decision 020). Whoever
 * writes user_files — uploads, verification, generation, deletes, retention, account deletion —
 * the count must equal what counting the rows says.
 */
let db: Db;

beforeAll(() => {
  db = createDb(inject('databaseUrl'), { max: 5 });
});
afterAll(() => db?.$client.end());

async function newUser(): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, email: `${id}@counts.test`, emailVerified: true });
  return id;
}

function fileValues(userId: string, options: { isGenerated?: boolean; verdict?: 'pending' | 'approved' | 'rejected' } = {}) {
  const key = randomUUID();
  return {
    userId,
    originalFilename: `${key}.jpg`,
    storedFilename: `counts/${key}.jpg`,
    fileUrl: `/api/files/${key}`,
    mimeType: 'image/jpeg',
    fileSizeBytes: 1000,
    isGenerated: options.isGenerated ?? false,
    verifiedEnum: options.verdict ?? 'pending',
  };
}

/** What the counter must say, counted the slow way. */
async function countedRows(userId: string) {
  const result = await db.execute<{ uploaded: string; generated: string }>(
    sql`select count(*) filter (where not is_generated) as uploaded, count(*) filter (where is_generated) as generated
        from user_files where user_id = ${userId} and verified_enum = 'approved'`,
  );
  return { uploaded: Number(result.rows[0]!.uploaded), generated: Number(result.rows[0]!.generated) };
}

async function expectCountsMatch(userId: string) {
  const rows = await countedRows(userId);
  expect({ uploaded: await approvedFileCount(db, userId, false), generated: await approvedFileCount(db, userId, true) }).toEqual(rows);
  expect(await approvedFileCount(db, userId)).toBe(rows.uploaded + rows.generated);
}

describe('the per-user count of approved files', () => {
  it('follows uploads through their verdicts, generated images and deletes', async () => {
    const userId = await newUser();
    expect(await approvedFileCount(db, userId)).toBe(0);
    const upload = await insertUserFile(db, fileValues(userId));
    expect(await approvedFileCount(db, userId)).toBe(0); // pending is not in the library
    await db.update(userFiles).set({ verifiedEnum: 'approved' }).where(eq(userFiles.id, upload.id));
    const generated = await insertUserFile(db, fileValues(userId, { isGenerated: true, verdict: 'approved' }));
    const rejected = await insertUserFile(db, fileValues(userId));
    await db.update(userFiles).set({ verifiedEnum: 'rejected' }).where(eq(userFiles.id, rejected.id));
    expect(await approvedFileCount(db, userId, false)).toBe(1);
    expect(await approvedFileCount(db, userId, true)).toBe(1);

    const page = await listApprovedFiles(db, userId, { limit: 12, offset: 0 });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.id).sort()).toEqual([upload.id, generated.id].sort());

    await db.delete(userFiles).where(eq(userFiles.id, generated.id));
    expect(await approvedFileCount(db, userId, true)).toBe(0);
    await expectCountsMatch(userId);
  });

  it('is undone with a rolled-back transaction, like the rows themselves', async () => {
    const userId = await newUser();
    await insertUserFile(db, fileValues(userId, { verdict: 'approved' }));
    await expect(
      db.transaction(async (tx) => {
        await insertUserFile(tx, fileValues(userId, { verdict: 'approved' }));
        // Read inside the transaction, the count includes its own insert.
        expect(await approvedFileCount(tx, userId)).toBe(2);
        expect((await listApprovedFiles(tx, userId, { limit: 12, offset: 0 })).rows).toHaveLength(2);
        await tx.delete(userFiles).where(eq(userFiles.userId, userId));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await approvedFileCount(db, userId)).toBe(1);
  });

  it('follows one statement that inserts, approves or deletes thousands of files at once', async () => {
    const userId = await newUser();
    const other = await newUser();
    await db
      .insert(userFiles)
      .values([
        ...Array.from({ length: 3000 }, (_, i) =>
          fileValues(userId, { isGenerated: i % 3 === 0, verdict: i % 2 === 0 ? 'approved' : 'pending' }),
        ),
        ...Array.from({ length: 10 }, () => fileValues(other, { verdict: 'approved' })),
      ]);
    await expectCountsMatch(userId);
    await db.update(userFiles).set({ verifiedEnum: 'approved' }).where(eq(userFiles.userId, userId));
    expect(await approvedFileCount(db, userId)).toBe(3000);
    await db.update(userFiles).set({ contentDescription: 'described' }).where(eq(userFiles.userId, userId));
    expect(await approvedFileCount(db, userId)).toBe(3000);
    await db.delete(userFiles).where(and(eq(userFiles.userId, userId), eq(userFiles.isGenerated, true)));
    await expectCountsMatch(userId);
    expect(await approvedFileCount(db, other)).toBe(10);
  });

  it('survives the user being deleted with all their files (the cascade)', async () => {
    const userId = await newUser();
    await insertUserFile(db, fileValues(userId, { verdict: 'approved' }));
    await db.insert(chatSessions).values({ userId });
    await db.delete(user).where(eq(user.id, userId));
    expect(await approvedFileCount(db, userId)).toBe(0);
  });

  it('equals the counted rows after any sequence of inserts, verdicts, deletes and concurrent writers', async () => {
    type Step =
      | { op: 'insert'; isGenerated: boolean; verdict: 'pending' | 'approved' | 'rejected' }
      | { op: 'verdict'; pick: number; verdict: 'pending' | 'approved' | 'rejected' }
      | { op: 'flip-kind'; pick: number }
      | { op: 'delete'; pick: number };
    const verdict = fc.constantFrom('pending' as const, 'approved' as const, 'rejected' as const);
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ op: fc.constant('insert' as const), isGenerated: fc.boolean(), verdict }),
      fc.record({ op: fc.constant('verdict' as const), pick: fc.nat(), verdict }),
      fc.record({ op: fc.constant('flip-kind' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { maxLength: 8 }), { minLength: 1, maxLength: 3 }), async (writers) => {
        const userId = await newUser();
        const ids: string[] = [];
        const apply = async (s: Step) => {
          if (s.op === 'insert') {
            ids.push((await insertUserFile(db, fileValues(userId, { isGenerated: s.isGenerated, verdict: s.verdict }))).id);
            return;
          }
          const id = ids[s.pick % Math.max(ids.length, 1)];
          if (!id) return;
          if (s.op === 'verdict') await db.update(userFiles).set({ verifiedEnum: s.verdict }).where(eq(userFiles.id, id));
          else if (s.op === 'flip-kind')
            await db
              .update(userFiles)
              .set({ isGenerated: sql`not ${userFiles.isGenerated}` })
              .where(eq(userFiles.id, id));
          else await db.delete(userFiles).where(eq(userFiles.id, id));
        };
        // Each writer applies its steps in order; the writers run at once, like several jobs and requests.
        await Promise.all(
          writers.map(async (steps) => {
            for (const s of steps) await apply(s);
          }),
        );
        await expectCountsMatch(userId);
      }),
      { numRuns: 25 },
    );
  });
});

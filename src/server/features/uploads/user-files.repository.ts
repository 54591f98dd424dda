import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userFiles } from '../../db/schema';

export type UserFileRow = typeof userFiles.$inferSelect;
export type NewUserFileRow = typeof userFiles.$inferInsert;

export async function insertUserFile(db: DbOrTx, values: NewUserFileRow): Promise<UserFileRow> {
  const [row] = await db.insert(userFiles).values(values).returning();
  return row!;
}

export async function findOwnFile(db: DbOrTx, userId: string, fileId: string): Promise<UserFileRow | undefined> {
  const [row] = await db
    .select()
    .from(userFiles)
    .where(and(eq(userFiles.id, fileId), eq(userFiles.userId, userId)));
  return row;
}

/** Any user's file: only for serving bytes, where the caller decides who may see them. */
export async function findFileById(db: DbOrTx, fileId: string): Promise<UserFileRow | undefined> {
  const [row] = await db.select().from(userFiles).where(eq(userFiles.id, fileId));
  return row;
}

/** Spec 7: the user's approved files that still exist (not expired), optionally only uploaded or generated, newest first, exact count. */
export async function listApprovedFiles(db: DbOrTx, userId: string, options: { isGenerated?: boolean | undefined; limit: number; offset: number }) {
  const where = and(
    eq(userFiles.userId, userId),
    eq(userFiles.verifiedEnum, 'approved'),
    isNull(userFiles.expiredAt),
    options.isGenerated === undefined ? undefined : eq(userFiles.isGenerated, options.isGenerated),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(userFiles).where(where).orderBy(desc(userFiles.uploadTimestamp), desc(userFiles.id)).limit(options.limit).offset(options.offset),
    db.select({ value: count() }).from(userFiles).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function deleteOwnFile(db: DbOrTx, userId: string, fileId: string): Promise<UserFileRow | undefined> {
  const [row] = await db
    .delete(userFiles)
    .where(and(eq(userFiles.id, fileId), eq(userFiles.userId, userId)))
    .returning();
  return row;
}

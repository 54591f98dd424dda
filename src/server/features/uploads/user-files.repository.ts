import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userFileCounts, userFiles } from '../../db/schema';

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

/**
 * Spec 7: the user's approved files, optionally only uploaded or generated, newest first, with the
 * exact total. The total is the user's row of user_file_counts (kept by a trigger on user_files),
 * so a page costs the same with 60 files or 100,000.
 */
export async function listApprovedFiles(db: DbOrTx, userId: string, options: { isGenerated?: boolean | undefined; limit: number; offset: number }) {
  const where = and(
    eq(userFiles.userId, userId),
    eq(userFiles.verifiedEnum, 'approved'),
    options.isGenerated === undefined ? undefined : eq(userFiles.isGenerated, options.isGenerated),
  );
  const [rows, total] = await Promise.all([
    db.select().from(userFiles).where(where).orderBy(desc(userFiles.uploadTimestamp), desc(userFiles.id)).limit(options.limit).offset(options.offset),
    approvedFileCount(db, userId, options.isGenerated),
  ]);
  return { rows, total };
}

/** The user's approved files (of one kind, or both) as the trigger counted them. */
export async function approvedFileCount(db: DbOrTx, userId: string, isGenerated?: boolean): Promise<number> {
  const [counts] = await db
    .select({ uploaded: userFileCounts.approvedUploaded, generated: userFileCounts.approvedGenerated })
    .from(userFileCounts)
    .where(eq(userFileCounts.userId, userId));
  if (!counts) return 0;
  if (isGenerated === undefined) return counts.uploaded + counts.generated;
  return isGenerated ? counts.generated : counts.uploaded;
}

export async function deleteOwnFile(db: DbOrTx, userId: string, fileId: string): Promise<UserFileRow | undefined> {
  const [row] = await db
    .delete(userFiles)
    .where(and(eq(userFiles.id, fileId), eq(userFiles.userId, userId)))
    .returning();
  return row;
}

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotRead } from '../../db/prepared';
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

const approvedPage = (name: string, isGenerated: boolean | undefined) =>
  hotRead((db) =>
    db
      .select()
      .from(userFiles)
      .where(
        and(
          eq(userFiles.userId, sql.placeholder('userId')),
          eq(userFiles.verifiedEnum, 'approved'),
          isNull(userFiles.expiredAt),
          isGenerated === undefined ? undefined : eq(userFiles.isGenerated, isGenerated),
        ),
      )
      .orderBy(desc(userFiles.uploadTimestamp), desc(userFiles.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
export const APPROVED_PAGE = {
  all: approvedPage('user-files-approved-page', undefined),
  uploaded: approvedPage('user-files-approved-uploaded-page', false),
  generated: approvedPage('user-files-approved-generated-page', true),
};
export const APPROVED_COUNTS = hotRead((db) =>
  db
    .select({ approvedUploaded: userFileCounts.approvedUploaded, approvedGenerated: userFileCounts.approvedGenerated })
    .from(userFileCounts)
    .where(eq(userFileCounts.userId, sql.placeholder('userId')))
    .prepare('user-files-approved-counts'),
);

/**
 * Spec 7: the user's approved files that still exist (not expired), optionally only uploaded or generated, newest first, with the
 * exact total. The total is the user's row of user_file_counts (kept by a trigger on user_files,
 * decision 020), so a page costs the same with 60 files or 100,000. Both are prepared statements.
 */
export async function listApprovedFiles(
  db: DbOrTx,
  userId: string,
  options: { isGenerated?: boolean | undefined; limit: number; offset: number },
) {
  const page =
    options.isGenerated === undefined ? APPROVED_PAGE.all : options.isGenerated ? APPROVED_PAGE.generated : APPROVED_PAGE.uploaded;
  const [rows, total] = await Promise.all([
    page(db).execute({ userId, limit: options.limit, offset: options.offset }),
    approvedFileCount(db, userId, options.isGenerated),
  ]);
  return { rows, total };
}

/** The user's approved files (of one kind, or both) as the trigger counted them. */
export async function approvedFileCount(db: DbOrTx, userId: string, isGenerated?: boolean): Promise<number> {
  const [counts] = await APPROVED_COUNTS(db).execute({ userId });
  if (!counts) return 0;
  if (isGenerated === undefined) return counts.approvedUploaded + counts.approvedGenerated;
  return isGenerated ? counts.approvedGenerated : counts.approvedUploaded;
}

export async function deleteOwnFile(db: DbOrTx, userId: string, fileId: string): Promise<UserFileRow | undefined> {
  const [row] = await db
    .delete(userFiles)
    .where(and(eq(userFiles.id, fileId), eq(userFiles.userId, userId)))
    .returning();
  return row;
}

/** A generated image's file row (approved: the engine made it; the thumbnail comes later). */
export interface NewGeneratedFile {
  id: string;
  userId: string;
  originalFilename: string;
  storedFilename: string;
  fileUrl: string;
  mimeType: string;
  fileSizeBytes: number;
  width: number;
  height: number;
  contentDescription: string;
}

export async function insertGeneratedFiles(db: DbOrTx, files: NewGeneratedFile[]): Promise<void> {
  if (files.length === 0) return;
  // Until the thumbnail exists (added after the reply is out) clients show the image itself.
  await db
    .insert(userFiles)
    .values(
      files.map((file) => ({ ...file, fileType: 'image', thumbnailUrl: null, isGenerated: true, verifiedEnum: 'approved' as const })),
    );
}

/** False when the file is gone (its account was deleted after the reply was out). */
export async function setThumbnailUrl(db: DbOrTx, fileId: string, thumbnailUrl: string): Promise<boolean> {
  const rows = await db.update(userFiles).set({ thumbnailUrl }).where(eq(userFiles.id, fileId)).returning({ id: userFiles.id });
  return rows.length > 0;
}

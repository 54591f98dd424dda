import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
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

const FILE_COLUMNS = `id, user_id, file_type, original_filename, stored_filename, file_url, thumbnail_url, mime_type, file_size_bytes,
  width, height, is_generated, verified_enum, content_description, metadata, upload_timestamp, expired_at`;
const approvedPage = (name: string, kind: string): PreparedStatement => ({
  name,
  text: `select ${FILE_COLUMNS} from user_files where user_id = $1 and verified_enum = 'approved' and expired_at is null ${kind}
    order by upload_timestamp desc, id desc limit $2 offset $3`,
});
export const APPROVED_PAGE = {
  all: approvedPage('user-files-approved-page', ''),
  uploaded: approvedPage('user-files-approved-uploaded-page', 'and not is_generated'),
  generated: approvedPage('user-files-approved-generated-page', 'and is_generated'),
};
export const APPROVED_COUNTS: PreparedStatement = {
  name: 'user-files-approved-counts',
  text: 'select approved_uploaded, approved_generated from user_file_counts where user_id = $1',
};

interface UserFileRecord {
  id: string;
  user_id: string;
  file_type: string;
  original_filename: string;
  stored_filename: string;
  file_url: string;
  thumbnail_url: string | null;
  mime_type: string;
  file_size_bytes: string | number;
  width: number | null;
  height: number | null;
  is_generated: boolean;
  verified_enum: UserFileRow['verifiedEnum'];
  content_description: string;
  metadata: UserFileRow['metadata'];
  upload_timestamp: Date | string;
  expired_at: Date | string | null;
}

function toUserFileRow(row: UserFileRecord): UserFileRow {
  return {
    id: row.id,
    userId: row.user_id,
    fileType: row.file_type,
    originalFilename: row.original_filename,
    storedFilename: row.stored_filename,
    fileUrl: row.file_url,
    thumbnailUrl: row.thumbnail_url,
    mimeType: row.mime_type,
    fileSizeBytes: Number(row.file_size_bytes),
    width: row.width,
    height: row.height,
    isGenerated: row.is_generated,
    verifiedEnum: row.verified_enum,
    contentDescription: row.content_description,
    metadata: row.metadata,
    uploadTimestamp: new Date(row.upload_timestamp),
    expiredAt: row.expired_at === null ? null : new Date(row.expired_at),
  };
}

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
    preparedRows<UserFileRecord>(db, page, [userId, options.limit, options.offset]),
    approvedFileCount(db, userId, options.isGenerated),
  ]);
  return { rows: rows.map(toUserFileRow), total };
}

/** The user's approved files (of one kind, or both) as the trigger counted them. */
export async function approvedFileCount(db: DbOrTx, userId: string, isGenerated?: boolean): Promise<number> {
  const [counts] = await preparedRows<{ approved_uploaded: string; approved_generated: string }>(db, APPROVED_COUNTS, [userId]);
  if (!counts) return 0;
  const [uploaded, generated] = [Number(counts.approved_uploaded), Number(counts.approved_generated)];
  if (isGenerated === undefined) return uploaded + generated;
  return isGenerated ? generated : uploaded;
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
  await db.insert(userFiles).values(files.map((file) => ({ ...file, fileType: 'image', thumbnailUrl: null, isGenerated: true, verifiedEnum: 'approved' as const })));
}

/** False when the file is gone (its account was deleted after the reply was out). */
export async function setThumbnailUrl(db: DbOrTx, fileId: string, thumbnailUrl: string): Promise<boolean> {
  const rows = await db.update(userFiles).set({ thumbnailUrl }).where(eq(userFiles.id, fileId)).returning({ id: userFiles.id });
  return rows.length > 0;
}

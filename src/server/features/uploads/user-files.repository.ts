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
/**
 * The message that made a generated image, or (an upload) the first message it was sent with, in
 * one of the user's active sessions: the Library links to it. Both lookups start at the file's row
 * (generated_outputs_file_idx, attachments_file_idx).
 */
const ORIGIN_COLUMN = `coalesce(
    (select json_build_object('session_id', j.session_id, 'message_id', j.result_message_id)
      from generated_outputs g join agent_jobs j on j.id = g.job_id join chat_sessions s on s.id = j.session_id
      where g.file_id = user_files.id and j.result_message_id is not null and s.user_id = $1 and s.is_active limit 1),
    (select json_build_object('session_id', m.session_id, 'message_id', m.id)
      from attachments a join messages m on m.id = a.message_id join chat_sessions s on s.id = m.session_id
      where a.file_id = user_files.id and s.user_id = $1 and s.is_active order by m.timestamp_created, m.id limit 1)
  ) as origin`;
const approvedPage = (name: string, kind: string): PreparedStatement => ({
  name,
  text: `select ${FILE_COLUMNS}, ${ORIGIN_COLUMN} from user_files where user_id = $1 and verified_enum = 'approved' and expired_at is null ${kind}
    order by upload_timestamp desc, id desc limit $2 offset $3`,
});
export const APPROVED_PAGE = {
  all: approvedPage('user-files-approved-page', ''),
  uploaded: approvedPage('user-files-approved-uploaded-page', 'and not is_generated'),
  generated: approvedPage('user-files-approved-generated-page', 'and is_generated'),
};
const ONE_ORIGIN: PreparedStatement = {
  name: 'user-files-origin',
  text: `select ${ORIGIN_COLUMN} from user_files where user_id = $1 and id = $2`,
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

/** Where a listed file came from in the user's chats (see ORIGIN_COLUMN). */
export type FileOrigin = { session_id: string; message_id: string };

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

/** Where one of the user's files came from in their chats (null: nowhere, or not their file). */
export async function findFileOrigin(db: DbOrTx, userId: string, fileId: string): Promise<FileOrigin | null> {
  const [row] = await preparedRows<{ origin: FileOrigin | null }>(db, ONE_ORIGIN, [userId, fileId]);
  return row?.origin ?? null;
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
    preparedRows<UserFileRecord & { origin: FileOrigin | null }>(db, page, [userId, options.limit, options.offset]),
    approvedFileCount(db, userId, options.isGenerated),
  ]);
  return { rows: rows.map((row) => ({ ...toUserFileRow(row), origin: row.origin })), total };
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

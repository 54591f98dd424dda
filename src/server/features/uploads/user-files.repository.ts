import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
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

/** Where a listed file came from in the user's chats (see ORIGIN). */
export type FileOrigin = { session_id: string; message_id: string };

/**
 * The message that made a generated image, or (an upload) the first message it was sent with, in
 * one of the user's active sessions: the Library links to it. Both lookups start at the file's row
 * (generated_outputs_file_idx, attachments_file_idx). Raw SQL because the builder cannot say a
 * correlated json_build_object subquery; it only reads the other features' tables.
 */
// Spelled out as user_files.id: in a one-table select Drizzle leaves a column unqualified, and
// "id" inside these subqueries would be a job's or a message's. Named, so the statement's column
// is "origin" wherever its text is run (the hot-reads bench's floor runs it as plain SQL).
const ORIGIN = sql<FileOrigin | null>`coalesce(
    (select json_build_object('session_id', j.session_id, 'message_id', j.result_message_id)
      from generated_outputs g join agent_jobs j on j.id = g.job_id join chat_sessions s on s.id = j.session_id
      where g.file_id = user_files.id and j.result_message_id is not null and s.user_id = ${sql.placeholder('userId')} and s.is_active limit 1),
    (select json_build_object('session_id', m.session_id, 'message_id', m.id)
      from attachments a join messages m on m.id = a.message_id join chat_sessions s on s.id = m.session_id
      where a.file_id = user_files.id and s.user_id = ${sql.placeholder('userId')} and s.is_active order by m.timestamp_created, m.id limit 1)
  )`.as('origin');

const approvedPage = (name: string, isGenerated: boolean | undefined) =>
  hotRead((db) =>
    db
      .select({ ...getTableColumns(userFiles), origin: ORIGIN })
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
const ONE_ORIGIN = hotRead((db) =>
  db
    .select({ origin: ORIGIN })
    .from(userFiles)
    .where(and(eq(userFiles.userId, sql.placeholder('userId')), eq(userFiles.id, sql.placeholder('fileId'))))
    .prepare('user-files-origin'),
);

/** Where one of the user's files came from in their chats (null: nowhere, or not their file). */
export async function findFileOrigin(db: DbOrTx, userId: string, fileId: string): Promise<FileOrigin | null> {
  const [row] = await ONE_ORIGIN(db).execute({ userId, fileId });
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

/** Deletes every file row of the user and answers their storage keys. */
export async function deleteAllFilesOf(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await tx.delete(userFiles).where(eq(userFiles.userId, userId)).returning({ storedFilename: userFiles.storedFilename });
  return rows.map((row) => row.storedFilename);
}

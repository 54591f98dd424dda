import { coded } from '@shared/coded-text';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { AppError } from '@shared/errors';
import { VERIFICATION_WAIT_MAX_SECONDS, type UserFile, type UserFilesPage } from '@shared/studio';
import type { Retention } from '@shared/retention';
import type { AppDeps } from '../../context';
import { userTopic } from '../../realtime/topics';
import { FairGate } from './fair-gate';
import { prepareUploadedImage } from './image-intake';
import { servedFilenameOf, storedFilenameFor, thumbnailKeyOf, uniqueTimestamp, uploadedPhotoKey } from '../../storage/storage-keys';
import {
  deleteOwnFile,
  findFileById,
  findFileOrigin,
  findOwnFile,
  insertUserFile,
  listApprovedFiles,
  type UserFileRow,
} from './user-files.repository';

export const FILE_NOT_FOUND_MESSAGE = 'File not found';
export const UPLOADED_IMAGES_CANNOT_BE_DELETED = 'Uploaded images cannot be deleted';

/** The API paths that serve a file's bytes (who may read them is decided there). */
export const fileUrlOf = (fileId: string) => `/api/files/${fileId}`;
export const thumbnailUrlOf = (fileId: string) => `/api/files/${fileId}/thumbnail`;

/** When a file's retention ends (decision 015). */
export function expiryOf(row: Pick<UserFileRow, 'isGenerated' | 'uploadTimestamp'>, retention: Retention): Date {
  const seconds = row.isGenerated ? retention.generatedSeconds : retention.uploadSeconds;
  return new Date(row.uploadTimestamp.getTime() + seconds * 1000);
}

export function toUserFile(row: UserFileRow, retention: Retention): UserFile {
  return {
    id: row.id,
    user_id: row.userId,
    file_type: row.fileType,
    original_filename: row.originalFilename,
    stored_filename: row.storedFilename,
    file_url: row.fileUrl,
    thumbnailUrl: row.thumbnailUrl ?? row.fileUrl,
    mime_type: row.mimeType,
    file_size_bytes: row.fileSizeBytes,
    is_generated: row.isGenerated,
    verified_enum: row.verifiedEnum,
    upload_timestamp: row.uploadTimestamp.toISOString(),
    contentDescription: row.contentDescription,
    metadata: Array.isArray(row.metadata) ? row.metadata : null,
    width: row.width,
    height: row.height,
    expires_at: expiryOf(row, retention).toISOString(),
    expired: row.expiredAt !== null,
  };
}

/**
 * Decoding a photo is the most CPU a request can ask for: a 39.7 MP PNG is 39 KB on the wire and
 * a fifth of a second of a core to decode, re-encode and thumbnail. At most one fewer than the
 * cores decode at once, so a core is always left for everyone else's requests, and waiting
 * uploads go in turn by user, so one user's pile of photos delays another's by one photo.
 */
const decoding = new FairGate(Math.max(1, os.availableParallelism() - 1));

/** The insert of the user_files row failed: the spec's 'Failed to create file record: {reason}'. */
function fileRecordFailed(cause: unknown): AppError {
  return new AppError('UPLOAD_FAILED', 'Failed to create file record: it could not be saved', {
    status: 500,
    cause,
    text: coded('error.fileNotSaved'),
  });
}

/**
 * Accepts an uploaded photo: validated and re-encoded (image-intake.ts), stored under the spec's
 * path, recorded as pending and queued for verification. The row, the bytes and the job belong
 * together: the row is inserted first (its unique stored name reserves the key), the bytes are
 * written, the job is enqueued, and only then does the transaction commit. If anything fails,
 * the bytes written so far are removed and nothing else remains.
 */
export async function uploadPhoto(
  deps: Pick<AppDeps, 'db' | 'storage' | 'jobs' | 'config'>,
  userId: string,
  file: { name: string; data: Buffer },
): Promise<UserFile> {
  const image = await decoding.run(userId, () => prepareUploadedImage(file.data));
  const id = randomUUID();
  const originalFilename = file.name.trim().slice(0, 255) || 'photo';
  const key = uploadedPhotoKey(userId, uniqueTimestamp(), storedFilenameFor(originalFilename, image.extension));
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await insertUserFile(tx, {
        id,
        userId,
        fileType: 'image',
        originalFilename,
        storedFilename: key,
        fileUrl: fileUrlOf(id),
        thumbnailUrl: thumbnailUrlOf(id),
        mimeType: image.mimeType,
        fileSizeBytes: image.data.length,
        width: image.width,
        height: image.height,
        isGenerated: false,
        verifiedEnum: 'pending',
      }).catch((error: unknown) => {
        throw fileRecordFailed(error);
      });
      for (const [target, bytes] of [
        [key, image.data],
        [thumbnailKeyOf(key), image.thumbnail],
      ] as const) {
        await deps.storage.put(target, bytes);
        written.push(target);
      }
      await deps.jobs.enqueue(tx, 'verify-upload', { fileId: id, userId });
      return toUserFile(row, deps.config.retention);
    });
  } catch (error) {
    await Promise.all(written.map((target) => deps.storage.delete(target).catch(() => undefined)));
    throw error;
  }
}

/**
 * A file's current state, for the client's verification polling. With `waitSeconds`, a pending
 * file is answered as soon as its verdict is written (the job publishes `file.updated` on the
 * owner's topic), or after the wait — one request instead of many polls.
 */
export async function getOwnFile(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'config'>,
  userId: string,
  fileId: string,
  waitSeconds = 0,
): Promise<UserFile> {
  if (waitSeconds <= 0) return toUserFile(await requireOwnFile(deps, userId, fileId), deps.config.retention);
  let wake: () => void = () => undefined;
  const updated = new Promise<void>((resolve) => (wake = resolve));
  // Subscribed before the first read, so a verdict written in between is not missed.
  const unsubscribe = deps.realtime.subscribe(userTopic(userId), (event) => {
    if (event.type === 'file.updated' && event.id === fileId) wake();
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const row = await requireOwnFile(deps, userId, fileId);
    if (row.verifiedEnum !== 'pending') return toUserFile(row, deps.config.retention);
    await Promise.race([
      updated,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(waitSeconds, VERIFICATION_WAIT_MAX_SECONDS) * 1000))),
    ]);
    return toUserFile(await requireOwnFile(deps, userId, fileId), deps.config.retention);
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}

async function requireOwnFile(deps: Pick<AppDeps, 'db'>, userId: string, fileId: string): Promise<UserFileRow> {
  const row = await findOwnFile(deps.db, userId, fileId);
  if (!row) throw new AppError('NOT_FOUND', FILE_NOT_FOUND_MESSAGE, { text: coded('error.fileNotFound') });
  return row;
}

export async function listOwnApprovedFiles(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  options: { kind?: 'uploaded' | 'generated' | undefined; limit: number; offset: number },
): Promise<UserFilesPage> {
  const isGenerated = options.kind === undefined ? undefined : options.kind === 'generated';
  const { rows, total } = await listApprovedFiles(deps.db, userId, { isGenerated, limit: options.limit, offset: options.offset });
  return {
    images: rows.map((row) => ({ ...toUserFile(row, deps.config.retention), origin: row.origin })),
    total,
    hasMore: options.offset + rows.length < total,
  };
}

/** A file as `getOwnFile` answers it, with the chat message it came from (a Library link's preview offers it). */
export async function getOwnFileWithOrigin(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'config'>,
  userId: string,
  fileId: string,
  waitSeconds = 0,
): Promise<UserFile> {
  const file = await getOwnFile(deps, userId, fileId, waitSeconds);
  return { ...file, origin: file.verified_enum === 'approved' ? await findFileOrigin(deps.db, userId, fileId) : null };
}

/** Generated images may be deleted; uploads may not. */
export async function deleteGeneratedImage(deps: Pick<AppDeps, 'db' | 'storage'>, userId: string, fileId: string): Promise<void> {
  const row = await requireOwnFile(deps, userId, fileId);
  if (row.expiredAt) throw new AppError('NOT_FOUND', FILE_NOT_FOUND_MESSAGE, { text: coded('error.fileNotFound') });
  if (!row.isGenerated) throw new AppError('BAD_REQUEST', UPLOADED_IMAGES_CANNOT_BE_DELETED, { text: coded('error.uploadsNotDeletable') });
  const deleted = await deleteOwnFile(deps.db, userId, fileId);
  if (!deleted) throw new AppError('NOT_FOUND', FILE_NOT_FOUND_MESSAGE, { text: coded('error.fileNotFound') });
  await Promise.all([deps.storage.delete(deleted.storedFilename), deps.storage.delete(thumbnailKeyOf(deleted.storedFilename))]);
}

export interface ServedFile {
  body: ReadableStream<Uint8Array>;
  size: number;
  mimeType: string;
  filename: string;
  /** Generated images are public under their unguessable id; uploads are private to the owner. */
  isPublic: boolean;
}

/** The bytes of a file (or its thumbnail) for this viewer; someone else's upload is "not found". */
export async function openFileFor(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewerId: string | undefined,
  fileId: string,
  variant: 'original' | 'thumbnail',
): Promise<ServedFile> {
  const row = await findFileById(deps.db, fileId);
  // An expired file's bytes are gone; the row stays only for the chat's placeholder.
  if (!row || row.expiredAt || (!row.isGenerated && row.userId !== viewerId))
    throw new AppError('NOT_FOUND', FILE_NOT_FOUND_MESSAGE, { text: coded('error.fileNotFound') });
  const useThumbnail = variant === 'thumbnail' && row.thumbnailUrl !== null;
  const stored = await deps.storage.get(useThumbnail ? thumbnailKeyOf(row.storedFilename) : row.storedFilename);
  if (!stored) throw new AppError('NOT_FOUND', FILE_NOT_FOUND_MESSAGE, { text: coded('error.fileNotFound') });
  return {
    body: stored.body,
    size: stored.size,
    mimeType: useThumbnail ? 'image/webp' : row.mimeType,
    filename: servedFilenameOf(row, useThumbnail ? 'thumbnail' : 'original'),
    isPublic: row.isGenerated,
  };
}

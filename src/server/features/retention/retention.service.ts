import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { thumbnailKeyOf } from '../../storage/storage-keys';
import { expireMasks } from '../masks/masks.service';
import { deleteFilesOfDeletedSessions, expireDueFiles, RETENTION_BATCH_SIZE, type RemovedFile } from '../uploads/file-retention.service';

type RetentionDeps = Pick<AppDeps, 'db' | 'storage' | 'logger' | 'config'>;

/** Deletes the bytes of files (and their thumbnails); a key already gone is no error. */
export async function deleteStoredFiles(storage: Storage, keys: RemovedFile[]): Promise<void> {
  await Promise.all(keys.flatMap((key) => [storage.delete(key), storage.delete(thumbnailKeyOf(key))]));
}

/**
 * One batch in one transaction: the rows change and the bytes are deleted before it commits, so a
 * storage failure rolls the rows back and the next run tries the same files again. (Should the
 * commit itself fail after the bytes went, the rows stay and the next run finishes them: the file
 * answers 404 in between, as an expired one would.)
 */
async function inBatches(deps: Pick<AppDeps, 'db' | 'storage'>, take: (tx: DbOrTx) => Promise<RemovedFile[]>): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (tx) => {
      const keys = await take(tx);
      await deleteStoredFiles(deps.storage, keys);
      return keys.length;
    });
    total += taken;
    if (taken < RETENTION_BATCH_SIZE) return total;
  }
}

/**
 * The retention job (every minute): files past UPLOAD_RETENTION / GENERATED_RETENTION lose their
 * bytes and are marked expired, and files left only in deleted sessions are deleted — in both
 * cases except what a queued or running job still needs, which waits until that job settles.
 */
export async function runRetention(deps: RetentionDeps): Promise<{ expired: number; deletedWithSessions: number }> {
  const expired = await inBatches(deps, (tx) => expireDueFiles(tx, deps.config.retention));
  const deletedWithSessions = await inBatches(deps, (tx) => deleteFilesOfDeletedSessions(tx, undefined));
  // Selected areas go with the uploads they are drawn on (their bytes live in the row).
  const masks = await expireMasks(deps.db, deps.config.retention.uploadSeconds);
  if (masks > 0) deps.logger.info({ masks }, 'retention removed selected areas');
  if (expired + deletedWithSessions > 0) deps.logger.info({ expired, deletedWithSessions }, 'retention removed files');
  return { expired, deletedWithSessions };
}

/** After a session is deleted: its files that no other session uses go now (those a job needs, once it settles). */
export function deleteFilesOfDeletedSession(deps: Pick<AppDeps, 'db' | 'storage'>, userId: string, sessionId: string): Promise<number> {
  return inBatches(deps, (tx) => deleteFilesOfDeletedSessions(tx, { userId, sessionId }));
}

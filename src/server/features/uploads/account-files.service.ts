import type { DbOrTx } from '../../db/client';
import { deleteAllFilesOf } from './user-files.repository';

/**
 * Every file row of an account being deleted, in the deletion's transaction; answers their storage
 * keys, whose bytes the caller deletes once it commits (decision 042: the account feature reaches
 * user_files through here).
 */
export function deleteAccountFiles(tx: DbOrTx, userId: string): Promise<string[]> {
  return deleteAllFilesOf(tx, userId);
}

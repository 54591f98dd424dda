import { and, eq } from 'drizzle-orm';
import type { SuggestedAction } from '@shared/studio';
import type { DbOrTx } from '../../db/client';
import { userFiles } from '../../db/schema';

export async function findPendingFile(db: DbOrTx, userId: string, fileId: string) {
  const [row] = await db
    .select({ id: userFiles.id, storedFilename: userFiles.storedFilename, mimeType: userFiles.mimeType })
    .from(userFiles)
    .where(and(eq(userFiles.id, fileId), eq(userFiles.userId, userId), eq(userFiles.verifiedEnum, 'pending')));
  return row;
}

/** Writes the verdict once: a retried or duplicate job finds the file no longer pending. */
export async function recordVerdict(
  db: DbOrTx,
  userId: string,
  fileId: string,
  verdict: { approved: boolean; suggestions: SuggestedAction[] | null },
): Promise<boolean> {
  const rows = await db
    .update(userFiles)
    .set({ verifiedEnum: verdict.approved ? 'approved' : 'rejected', metadata: verdict.suggestions })
    .where(and(eq(userFiles.id, fileId), eq(userFiles.userId, userId), eq(userFiles.verifiedEnum, 'pending')))
    .returning({ id: userFiles.id });
  return rows.length > 0;
}

import { count, eq } from 'drizzle-orm';
import type { Stats } from '@shared/stats';
import type { DbOrTx } from '../../db/client';
import { user, userFiles } from '../../db/schema';

/** Counts across every account: the landing page's public figures, not any one user's data. */
export async function countImagesAndUsers(db: DbOrTx): Promise<Stats> {
  const [[images], [users]] = await Promise.all([
    db.select({ value: count() }).from(userFiles).where(eq(userFiles.isGenerated, true)),
    db.select({ value: count() }).from(user),
  ]);
  return { images: images?.value ?? 0, users: users?.value ?? 0 };
}

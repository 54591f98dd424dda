import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { imageMasks, userFiles } from '../../db/schema';

export type ImageMaskRow = typeof imageMasks.$inferSelect;

/** The user's own image that a mask is drawn on, while its bytes are kept. */
export async function findOwnImage(db: DbOrTx, userId: string, fileId: string) {
  const [row] = await db
    .select({
      id: userFiles.id,
      width: userFiles.width,
      height: userFiles.height,
      verifiedEnum: userFiles.verifiedEnum,
      expiredAt: userFiles.expiredAt,
    })
    .from(userFiles)
    .where(and(eq(userFiles.id, fileId), eq(userFiles.userId, userId)));
  return row;
}

export async function insertMask(db: DbOrTx, values: typeof imageMasks.$inferInsert): Promise<ImageMaskRow> {
  const [row] = await db.insert(imageMasks).values(values).returning();
  return row!;
}

/** A mask of this user's; another user's id finds nothing. */
export async function findOwnMask(db: DbOrTx, userId: string, maskId: string): Promise<ImageMaskRow | undefined> {
  const [row] = await db
    .select()
    .from(imageMasks)
    .where(and(eq(imageMasks.id, maskId), eq(imageMasks.userId, userId)));
  return row;
}

/** Kept with the image still there: the bytes of an expired image are gone, so its mask selects nothing. */
export async function findUsableMask(db: DbOrTx, userId: string, maskId: string) {
  const [row] = await db
    .select({ id: imageMasks.id, fileId: imageMasks.fileId })
    .from(imageMasks)
    .innerJoin(userFiles, eq(userFiles.id, imageMasks.fileId))
    .where(and(eq(imageMasks.id, maskId), eq(imageMasks.userId, userId), isNull(userFiles.expiredAt)));
  return row;
}

/**
 * Deletes masks older than the uploads' retention, except those a queued or running reply still
 * needs (they go on a later run, once that reply settles).
 */
export async function deleteExpiredMasks(db: DbOrTx, uploadSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    delete from image_masks m
    where m.created_at < now() - make_interval(secs => ${uploadSeconds})
      and not exists (
        select 1 from messages msg join agent_jobs j on j.message_id = msg.id
        where msg.mask_id = m.id and j.status in ('queued', 'processing')
      )`);
  return result.rowCount ?? 0;
}

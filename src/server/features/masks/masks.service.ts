import { coded } from '@shared/coded-text';
import { AppError } from '@shared/errors';
import { MASK_TEXTS, type ImageMask } from '@shared/masks';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { FILE_NOT_FOUND } from './mask-texts';
import { normaliseMask } from './mask-image';
import { deleteExpiredMasks, findOwnImage, findOwnMask, findUsableMask, insertMask, type ImageMaskRow } from './masks.repository';

export function toImageMask(row: ImageMaskRow): ImageMask {
  return {
    id: row.id,
    file_id: row.fileId,
    width: row.width,
    height: row.height,
    coverage: row.coverage,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Stores a selected area of one of the user's images (POST /api/masks). The image must be the
 * user's own, approved and still kept; the mask a PNG of its exact upright size that selects
 * something (mask-image.ts). Another user's image is "not found", as everywhere.
 */
export async function createMask(deps: Pick<AppDeps, 'db'>, userId: string, input: { fileId: string; png: Buffer }): Promise<ImageMask> {
  const image = await findOwnImage(deps.db, userId, input.fileId);
  if (!image || image.verifiedEnum === 'rejected') throw new AppError('NOT_FOUND', FILE_NOT_FOUND, { text: coded('error.fileNotFound') });
  if (image.expiredAt) throw new AppError('BAD_REQUEST', MASK_TEXTS.imageExpired, { text: coded('error.maskImageExpired') });
  if (image.verifiedEnum === 'pending' || !image.width || !image.height)
    throw new AppError('BAD_REQUEST', 'This image is still being checked. Select an area once it is ready.', {
      text: coded('error.maskImageBeingChecked'),
    });
  const mask = await normaliseMask(input.png, { width: image.width, height: image.height });
  const row = await insertMask(deps.db, {
    userId,
    fileId: image.id,
    png: mask.png,
    width: mask.width,
    height: mask.height,
    coverage: mask.coverage,
  });
  return toImageMask(row);
}

/** The stored PNG of the user's own mask (the editor shows it again); another user's is 404. */
export async function ownMaskPng(deps: Pick<AppDeps, 'db'>, userId: string, maskId: string): Promise<Buffer> {
  const row = await findOwnMask(deps.db, userId, maskId);
  if (!row) throw new AppError('NOT_FOUND', MASK_TEXTS.notFound, { text: coded('error.maskNotFound') });
  return row.png;
}

/**
 * What sending a message with a mask checks: the mask is the user's own (else 404), its image is
 * still kept, and the message's only photo is that image — the area belongs to it alone.
 */
export async function assertMaskForMessage(db: DbOrTx, userId: string, maskId: string, fileIds: string[]): Promise<void> {
  const mask = await findUsableMask(db, userId, maskId);
  if (!mask) throw new AppError('NOT_FOUND', MASK_TEXTS.notFound, { text: coded('error.maskNotFound') });
  if (fileIds.length !== 1 || fileIds[0] !== mask.fileId)
    throw new AppError('VALIDATION_ERROR', MASK_TEXTS.oneImage, {
      text: coded('error.maskOneImage'),
      details: { fields: [{ field: 'mask_id', message: MASK_TEXTS.oneImage }] },
    });
}

/** A reply's mask, as its job loads it: the user's own, or undefined when it is gone. */
export async function maskForJob(
  db: DbOrTx,
  userId: string,
  maskId: string,
): Promise<{ fileId: string; png: Buffer; width: number; height: number } | undefined> {
  const row = await findOwnMask(db, userId, maskId);
  return row ? { fileId: row.fileId, png: row.png, width: row.width, height: row.height } : undefined;
}

/** The retention job's share: masks go after UPLOAD_RETENTION, like the uploads they are drawn on. */
export function expireMasks(db: DbOrTx, uploadSeconds: number): Promise<number> {
  return deleteExpiredMasks(db, uploadSeconds);
}

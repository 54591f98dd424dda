/** The extension a stored image's name ends with, by its type; PNG for anything else. */
export function extensionOf(mimeType: string): string {
  return mimeType === 'image/jpeg' ? 'jpg' : mimeType === 'image/webp' ? 'webp' : 'png';
}

/** Long names are cut so a key stays well under file-system name limits. */
const MAX_FILENAME_LENGTH = 100;

/**
 * The spec's sanitising rule: every character other than a letter, digit, dot or hyphen becomes an
 * underscore. Slashes therefore cannot survive, and the timestamp prefix of the key keeps a name
 * like `..` from ever being a path segment of its own.
 */
export function sanitizeFilename(name: string): string {
  const sanitized = name.replace(/[^A-Za-z0-9.-]/g, '_');
  return sanitized.length > MAX_FILENAME_LENGTH ? sanitized.slice(sanitized.length - MAX_FILENAME_LENGTH) : sanitized;
}

/** The stored name carries the extension of what is really stored (the re-encoded format). */
export function storedFilenameFor(originalName: string, extension: string): string {
  const sanitized = sanitizeFilename(originalName) || 'photo';
  const hasExtension = new RegExp(`\\.${extension === 'jpg' ? 'jpe?g' : extension}$`, 'i').test(sanitized);
  return hasExtension ? sanitized : `${sanitized}.${extension}`;
}

let lastTimestamp = 0;
/** Milliseconds, but never the same twice in this process: two uploads of one name cannot collide. */
export function uniqueTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

/** Spec 3: `public/{userId}/uploaded-photos/{timestamp}-{sanitized filename}`. */
export function uploadedPhotoKey(userId: string, timestamp: number, storedFilename: string): string {
  return `public/${sanitizeFilename(userId)}/uploaded-photos/${timestamp}-${storedFilename}`;
}

/**
 * Where the thumbnail of a stored image lives, derived from the image's key so that any image
 * (uploaded or generated) with a thumbnail_url has it at a known place: `x/1-a.jpg` → `x/1-a.thumb.webp`.
 */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey.replace(/\.[A-Za-z0-9]+$/, '')}.thumb.webp`;
}

/**
 * The name a file is served under (Content-Disposition): its original name with the start of its
 * id added, so two images never share a name — generated outputs are all "generated-N" and
 * uploads are often "IMG_0001", and browsers let that header name a download.
 */
export function servedFilenameOf(file: { id: string; originalFilename: string }, variant: 'original' | 'thumbnail'): string {
  const match = /^(.*?)(\.[A-Za-z0-9]{1,5})?$/.exec(file.originalFilename.trim())!;
  const stem = match[1] || 'image';
  const tag = file.id.replace(/-/g, '').slice(0, 8);
  return variant === 'thumbnail' ? `${stem}-${tag}-thumbnail.webp` : `${stem}-${tag}${match[2] ?? ''}`;
}

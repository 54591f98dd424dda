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

/**
 * The folder that holds every file of one account (uploads, generated images, thumbnails), gone
 * with the account. Generated keys name the user id as it is, uploads its sanitized form: the ids
 * better-auth makes are letters and digits, the same either way.
 */
export function userFolderKey(userId: string): string {
  return `public/${sanitizeFilename(userId)}`;
}

/** Spec 3: `public/{userId}/uploaded-photos/{timestamp}-{sanitized filename}`. */
export function uploadedPhotoKey(userId: string, timestamp: number, storedFilename: string): string {
  return `${userFolderKey(userId)}/uploaded-photos/${timestamp}-${storedFilename}`;
}

/**
 * Where the thumbnail of a stored image lives, derived from the image's key so that any image
 * (uploaded or generated) with a thumbnail_url has it at a known place: `x/1-a.jpg` → `x/1-a.thumb.webp`.
 */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey.replace(/\.[A-Za-z0-9]+$/, '')}.thumb.webp`;
}

/** Longest stem of a served name, in UTF-8 bytes: the whole name stays far below the 255 bytes a file system allows per name. */
const SERVED_STEM_MAX_BYTES = 100;

/** Names Windows reserves for devices, whatever their extension. */
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * The original name reduced to a safe stem: its last path segment (either slash), without its
 * extension (the served name gets the stored type's), letters and digits of any script with
 * spaces, hyphens and underscores between them; every other character (dots, controls, bidi
 * marks, Windows' forbidden `<>:"|?*`) becomes an underscore. Cut to SERVED_STEM_MAX_BYTES.
 */
export function safeStemOf(originalFilename: string): string {
  const base = originalFilename.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const withoutExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const cleaned = withoutExtension
    .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '_')
    .replace(/ {2,}/g, ' ')
    .replace(/_{2,}/g, '_');
  const stem = truncateUtf8(cleaned, SERVED_STEM_MAX_BYTES).replace(/^[ _-]+|[ _-]+$/g, '');
  return stem === '' || WINDOWS_DEVICE_NAME.test(stem) ? 'image' : stem;
}

/** The longest start of `text` that is at most `maxBytes` in UTF-8, never splitting a character. */
function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}

/**
 * The name a file is served under (Content-Disposition) and exported under (the data export's
 * zip): the original name reduced to a safe stem, the start of its id, and the extension of what
 * is really stored. So two images never share a name (generated outputs are all "generated-N",
 * uploads are often "IMG_0001"), and no name the uploader chose can climb out of a folder
 * (`../../x.jpg`, `..\\x.jpg`), pick its own extension (`.sh`, `.bat`) or be too long to write.
 */
export function servedFilenameOf(
  file: { id: string; originalFilename: string; mimeType: string },
  variant: 'original' | 'thumbnail',
): string {
  const stem = safeStemOf(file.originalFilename);
  const tag = file.id.replace(/-/g, '').slice(0, 8);
  return variant === 'thumbnail' ? `${stem}-${tag}-thumbnail.webp` : `${stem}-${tag}.${extensionOf(file.mimeType)}`;
}

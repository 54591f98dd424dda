/**
 * How a session card shows its images: four make a 2×2 grid; one to three show
 * only the latest; none shows a placeholder. Thumbnails arrive newest first.
 */
export type ThumbnailLayout = { kind: 'grid'; images: string[] } | { kind: 'single'; image: string } | { kind: 'placeholder' };

export function thumbnailLayout(thumbnails: readonly string[]): ThumbnailLayout {
  if (thumbnails.length >= 4) return { kind: 'grid', images: thumbnails.slice(0, 4) };
  if (thumbnails.length > 0) return { kind: 'single', image: thumbnails[0]! };
  return { kind: 'placeholder' };
}

/** 'Session #xxxx': the last four characters of the session id. */
export function sessionShortId(sessionId: string): string {
  return sessionId.slice(-4);
}

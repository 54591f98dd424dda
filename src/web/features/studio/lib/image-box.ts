/** The tallest a chat image is drawn: a tall portrait stays whole on a laptop screen and a phone alike. */
export const CHAT_IMAGE_MAX_HEIGHT_REM = { single: 28, grid: 16 } as const;

export interface ImageBox {
  /** CSS aspect-ratio, reserved before the image loads so the chat does not jump. */
  aspectRatio: string;
  /** As wide as the column allows, but never so wide that the height passes the maximum. */
  width: string;
}

/**
 * The box a chat image is drawn in: its own shape, whole, within a maximum height. Null when the
 * pixel size is unknown (older files): the image then sizes itself once loaded.
 */
export function chatImageBox(width: number | null | undefined, height: number | null | undefined, maxHeightRem: number): ImageBox | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  const ratio = width / height;
  return { aspectRatio: `${width} / ${height}`, width: `min(100%, ${Number((maxHeightRem * ratio).toFixed(3))}rem)` };
}

import { NAME_MAX_LENGTH, PROMPT_BADGE_MAX_LENGTH } from '@shared/constants';

/** The display formats, in one place. */

/** Money from integer cents ('$12.34'); one implementation, shared with the server. */
export { formatCents, formatCentsShort } from '@shared/money';

export const ELLIPSIS = '…';
export const UNKNOWN_DATE = 'Unknown date';

/** Splits by code point, so an emoji or other astral character is never cut in half. */
function truncateCodePoints(text: string, keep: number): string {
  return Array.from(text).slice(0, keep).join('');
}

/**
 * Names are shown in at most 25 characters: a longer name keeps its first 24 and ends with an
 * ellipsis, so the reader sees it was cut.
 */
export function truncateName(name: string, maxLength: number = NAME_MAX_LENGTH): string {
  if (Array.from(name).length <= maxLength) return name;
  return `${truncateCodePoints(name, maxLength - 1)}${ELLIPSIS}`;
}

/** The prompt badge: the first 30 characters plus an ellipsis when the prompt is longer. */
export function truncatePrompt(prompt: string, maxLength: number = PROMPT_BADGE_MAX_LENGTH): string {
  const trimmed = prompt.trim();
  if (Array.from(trimmed).length <= maxLength) return trimmed;
  return `${truncateCodePoints(trimmed, maxLength).trimEnd()}${ELLIPSIS}`;
}

/** An upload date for display, or 'Unknown date' (or the caller's translation) when there is none. */
export function formatUploadDate(
  value: string | number | Date | null | undefined,
  unknownText: string = UNKNOWN_DATE,
  locale = 'en-US',
): string {
  if (value === null || value === undefined || value === '') return unknownText;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return unknownText;
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/** File sizes in B, KB, MB or GB (1024-based), with one decimal above bytes. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Round first: 1048575 B is "1.0 MB", not "1024.0 KB".
  while (unit < SIZE_UNITS.length - 1 && Number(value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

const counts = new Intl.NumberFormat('en-US');

/** Counters: 12345 → '12,345'. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** The support address of this installation: support@ the public URL's domain (without www.). */
export function supportEmailFor(appUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(appUrl).hostname || host;
  } catch {
    // A malformed APP_URL cannot reach here (the server validates it); keep a usable address anyway.
  }
  return `support@${host.replace(/^www\./, '')}`;
}

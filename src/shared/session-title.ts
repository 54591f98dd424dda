/**
 * A session's title from its first request: the hosted planner may suggest a
 * short one; otherwise — with the local engine — the request's first words.
 */

/** As long as a session name may be (sessionNameSchema). */
export const SESSION_TITLE_MAX_LENGTH = 100;
/** The first words of a request make its title: enough to recognise it on a card. */
export const SESSION_TITLE_WORDS = 6;
/** Titles are cut at a word boundary near here, so cards and headers stay one line. */
const SESSION_TITLE_SOFT_LENGTH = 48;

/** A title as shown: one line, trimmed, without trailing punctuation, first letter capital. */
export function cleanTitle(text: string): string | null {
  const line = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!?…\-–—]+$/u, '');
  if (line === '') return null;
  const clipped = line.length > SESSION_TITLE_MAX_LENGTH ? line.slice(0, SESSION_TITLE_MAX_LENGTH).trimEnd() : line;
  return clipped.charAt(0).toLocaleUpperCase() + clipped.slice(1);
}

/** The first words of a request, as its session's title; null when it has no words (photos only). */
export function titleFromRequest(text: string): string | null {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  let title = '';
  for (const word of words.slice(0, SESSION_TITLE_WORDS)) {
    const next = title ? `${title} ${word}` : word;
    if (title && next.length > SESSION_TITLE_SOFT_LENGTH) break;
    title = next;
  }
  return cleanTitle(title);
}

/**
 * The file names generated images are saved under: the session's title, the
 * date and the image's number in its session — so downloads from one session never overwrite
 * each other, and say where they came from: `lighthouse-at-dusk-2026-11-24-3.png`.
 */

const STEM_MAX_LENGTH = 40;
const FALLBACK_STEM = 'photomuse';

/** Lower-case words of any alphabet joined by hyphens; accents dropped from Latin letters; '' when there are none. */
export function slugOf(text: string): string {
  const words = text
    .normalize('NFKD')
    // Accents off Latin letters only: a Cyrillic й must stay й.
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > STEM_MAX_LENGTH) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, STEM_MAX_LENGTH) || '';
}

/** The UTC date as YYYY-MM-DD. */
function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** What every image of a session made on `date` is named by, before `-<number>.<extension>` (numbered by the database). */
export function imageNameStem(sessionTitle: string | null, date: Date): string {
  return `${slugOf(sessionTitle ?? '') || FALLBACK_STEM}-${isoDate(date)}`;
}

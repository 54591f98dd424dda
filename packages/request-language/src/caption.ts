import { defineVocabulary, findMentions, tokenize } from './text-match';

/**
 * Reading a caption request ("Add the caption "Iceland"", «добавь надпись «Исландия»»). The words
 * of the caption are whatever the person put in quotes; they are taken out of the request before
 * the rest is read, so a caption such as "Black and white" is not mistaken for a style.
 */

export type CaptionPosition = 'top' | 'bottom';

export interface Caption {
  text: string;
  position: CaptionPosition;
  /** The request without the quoted words, for reading the other instructions. */
  remainingText: string;
}

/** Straight or curly double quotes, «ёлочки», „German“ quotes, curly single quotes, and straight single quotes that are not apostrophes. */
const QUOTED = /"([^"]+)"|“([^”"]+)[”"]|„([^“”"]+)[“”"]|«([^»]+)»|‘([^’]+)’|(?<![\p{L}\p{N}])'([^']+)'(?![\p{L}\p{N}])/gu;

const CAPTION_WORDS = defineVocabulary([
  {
    value: 'caption' as const,
    patterns: [
      'caption*',
      'text',
      'texts',
      'write',
      'writes',
      'writing',
      'written',
      'wrote',
      'words',
      'word',
      'title',
      'titled',
      'label*',
      'inscription',
      'inscribe',
      'lettering',
      'says',
      'saying',
      'headline',
      'heading',
      'subtitle*',
      'slogan',
      'sign',
      'signed',
      'надпис*',
      'подпис*',
      'текст*',
      'напиш*',
      'написа*',
      'заголов*',
      'слоган*',
      'слова',
      'словами',
      'слово',
      'словом',
    ],
  },
]);

const POSITION_WORDS = defineVocabulary<CaptionPosition>([
  {
    value: 'top',
    patterns: [
      'at the top',
      'at top',
      'on top',
      'on the top',
      'top of',
      'across the top',
      'along the top',
      'to the top',
      'in the top',
      'up top',
      'сверху',
      'наверху',
      'вверху',
      'наверх',
      'верхн*',
    ],
  },
  {
    value: 'bottom',
    patterns: [
      'at the bottom',
      'at bottom',
      'on the bottom',
      'bottom of',
      'across the bottom',
      'along the bottom',
      'to the bottom',
      'in the bottom',
      'снизу',
      'внизу',
      'вниз',
      'нижн*',
    ],
  },
]);

/** Long enough for a slogan or a short greeting; a paragraph would not fit on a picture legibly. */
export const MAX_CAPTION_LENGTH = 120;

export interface Quote {
  text: string;
  index: number;
  length: number;
}

export function quotesIn(text: string): Quote[] {
  const quotes: Quote[] = [];
  for (const match of text.matchAll(QUOTED)) {
    const inner = match.slice(1).find((group) => group !== undefined) ?? '';
    const cleaned = inner.replace(/\s+/g, ' ').trim();
    if (cleaned) quotes.push({ text: cleaned, index: match.index, length: match[0].length });
  }
  return quotes;
}

export function withoutQuotes(text: string, quotes: readonly Quote[]): string {
  let result = text;
  for (const quote of [...quotes].sort((a, b) => b.index - a.index))
    result = `${result.slice(0, quote.index)} ${result.slice(quote.index + quote.length)}`;
  return result;
}

/** The caption a request asks for, or null when it asks for none (no quoted words, or no word about text). */
export function findCaption(request: string): Caption | null {
  const quotes = quotesIn(request);
  if (quotes.length === 0) return null;
  const outside = tokenize(withoutQuotes(request, quotes));
  if (findMentions(outside, CAPTION_WORDS).length === 0) return null;
  const chosen = quotes[0]!;
  const text = Array.from(chosen.text).slice(0, MAX_CAPTION_LENGTH).join('');
  const position = findMentions(outside, POSITION_WORDS)[0]?.value ?? 'bottom';
  return { text, position, remainingText: withoutQuotes(request, [chosen]) };
}

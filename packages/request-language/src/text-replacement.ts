import { quotesIn, withoutQuotes } from './caption';
import { defineVocabulary, findMentions, tokenize } from './text-match';

/**
 * Reading a request to replace text that is already in a photo: "replace the text with SALE",
 * 'change "OPEN" to "CLOSED"', "replace the word top with SALE", «замени «OPEN» на «CLOSED»»,
 * «замени текст на SALE». The new words keep the request's own spelling and case.
 */

export interface TextReplacement {
  /** The words to find in the photo; undefined: its most prominent line of text. */
  oldText?: string;
  newText: string;
  /** The request without the words to write, for reading any other instructions. */
  remainingText: string;
}

const TEXT_WORDS = defineVocabulary([
  {
    value: 'text' as const,
    patterns: [
      'text',
      'texts',
      'word',
      'words',
      'writing',
      'lettering',
      'inscription',
      'sign',
      'signs',
      'label',
      'labels',
      'caption',
      'title',
      'headline',
      'slogan',
      'надпис*',
      'текст*',
      'слово',
      'слова',
      'надпись',
      'вывеск*',
      'табличк*',
    ],
  },
]);

const REPLACE_VERBS =
  /^(replace|replacing|change|changing|swap|substitute|rewrite|switch|замени\p{L}*|замен\p{L}*|поменя\p{L}*|измени\p{L}*|перепиши\p{L}*)$/u;
/** The word between the old text and the new: "with", "to", "на". */
const MARKERS = new Set(['with', 'to', 'into', 'by', 'на']);

export function findTextReplacement(request: string): TextReplacement | null {
  const quotes = quotesIn(request);
  const tokens = tokenize(withoutQuotes(request, quotes));
  if (!tokens.some((token) => REPLACE_VERBS.test(token))) return null;
  const namesText = findMentions(tokens, TEXT_WORDS).length > 0;
  // 'Replace "top" with SALE' names the words it means by quoting them.
  const quotedThenMarker =
    quotes.length === 1 &&
    tokens.some((token) => MARKERS.has(token)) &&
    request
      .slice(quotes[0]!.index + quotes[0]!.length)
      .split(/\s+/)
      .some((word) => MARKERS.has(word.toLowerCase()));
  if (!namesText && quotes.length < 2 && !quotedThenMarker) return null;

  if (quotes.length >= 2) {
    const oldText = quotes[0]!.text;
    const newText = quotes[quotes.length - 1]!.text;
    return { oldText, newText, remainingText: withoutQuotes(request, quotes) };
  }
  // Split the request at its last "with"/"to"/"на": the new words come after it.
  const words = request.trim().split(/\s+/);
  let marker = -1;
  for (let index = words.length - 2; index >= 0; index -= 1) {
    if (MARKERS.has(words[index]!.toLowerCase())) {
      marker = index;
      break;
    }
  }
  const quoteAfter = quotes.find((quote) => marker >= 0 && request.indexOf(words[marker]!) < quote.index);
  const newText = quoteAfter?.text ?? (marker >= 0 ? clean(words.slice(marker + 1).join(' ')) : quotes[0]?.text);
  if (!newText) return null;
  const quoteBefore = quotes.find((quote) => quote !== quoteAfter);
  let oldText = quoteBefore?.text;
  if (!oldText && marker >= 0) {
    // "replace the word top with SALE": what follows the text word, before the marker.
    const before = words.slice(0, marker);
    const textWordAt = before.findIndex((word) => findMentions(tokenize(word), TEXT_WORDS).length > 0);
    const named = textWordAt >= 0 ? clean(before.slice(textWordAt + 1).join(' ')) : '';
    if (named && !/^(in|on|of|at|in the|on the|of the|в|на)\b/i.test(named)) oldText = named;
  }
  const remainingText = marker >= 0 ? words.slice(0, marker).join(' ') : withoutQuotes(request, quotes);
  return { ...(oldText ? { oldText } : {}), newText: newText.slice(0, 60), remainingText };
}

/** Trailing punctuation and stray quote marks are not part of the words. */
function clean(text: string): string {
  return text.replace(/^["'“”«»„‘’]+|["'“”«»„‘’.!?,;:]+$/g, '').trim();
}

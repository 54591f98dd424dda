import { defineVocabulary, findMentions, type Tokens, type VocabularyMatch } from '../text-match';
import { drawingStyles } from './drawing-words';
import { gradeStyles } from './grade-words';
import { graphicStyles } from './graphic-words';
import { illustrationStyles } from './illustration-words';
import { paintingStyles } from './painting-words';
import { toneStyles } from './tone-words';

/**
 * A named look, as requests ask for it and replies name it. `patterns` are the words that ask for
 * it in English and Russian (see text-match: 'stem*' matches any ending). What it does to a picture
 * is the image package's (its look of the same id).
 */
export interface Style {
  id: string;
  english: string;
  russian: string;
  patterns: readonly string[];
}

/** Every named style of the local engine. */
export const STYLES: readonly Style[] = [
  ...toneStyles,
  ...drawingStyles,
  ...illustrationStyles,
  ...paintingStyles,
  ...graphicStyles,
  ...gradeStyles,
];

const STYLE_WORDS = defineVocabulary(STYLES.map((style) => ({ value: style, patterns: [...style.patterns, style.id.replace(/-/g, ' ')] })));

/** Styles a request names, in the order it names them (a style named twice counts once). */
export function findStyles(tokens: Tokens, taken: ReadonlySet<number> = new Set()): VocabularyMatch<Style>[] {
  const seen = new Set<string>();
  return findMentions(tokens, STYLE_WORDS, taken).filter((match) => !seen.has(match.value.id) && seen.add(match.value.id));
}

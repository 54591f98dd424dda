import { defineVocabulary, findMentions, type Tokens, type VocabularyMatch } from '../text-match';
import { drawingStyles } from './drawing-styles';
import { gradeStyles } from './grade-styles';
import { illustrationStyles } from './illustration-styles';
import { graphicStyles } from './graphic-styles';
import { paintingStyles } from './painting-styles';
import { type Style } from './style';
import { toneStyles } from './tone-styles';

/** Every named style of the local engine. */
export const STYLES: readonly Style[] = [...toneStyles, ...drawingStyles, ...illustrationStyles, ...paintingStyles, ...graphicStyles, ...gradeStyles];

const STYLE_WORDS = defineVocabulary(STYLES.map((style) => ({ value: style, patterns: [...style.patterns, style.id.replace(/-/g, ' ')] })));

/** Styles a request names, in the order it names them (a style named twice counts once). */
export function findStyles(tokens: Tokens, taken: ReadonlySet<number> = new Set()): VocabularyMatch<Style>[] {
  const seen = new Set<string>();
  return findMentions(tokens, STYLE_WORDS, taken).filter((match) => !seen.has(match.value.id) && seen.add(match.value.id));
}

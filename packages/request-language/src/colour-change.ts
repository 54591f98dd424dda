import { COLOUR_WORDS } from './colour-words';
import { findMentions, type Tokens } from './text-match';

/** Reading a colour change: "make the red jacket blue", "сделай куртку синей". */

export interface ColourChange {
  /** Undefined when the request names no source colour: the most saturated dominant hue is used. */
  from?: string;
  to: string;
}

/** Words that put the colour after them as the target: "to blue", "into blue", "with blue", "на синий", "в синий". */
const TARGET_MARKERS = new Set(['to', 'into', 'with', 'на', 'в', 'во']);
/** Words that may stand between a target marker and its colour: "to a deep blue", "в ярко-синий цвет". */
const FILLER_WORDS = new Set(['a', 'an', 'the', 'deep', 'bright', 'dark', 'pale', 'colour', 'color', 'ярко', 'темно', 'светло', 'цвет']);

/** Reads a colour change from the words that other parsers left free; null when no colour is named. */
export function parseColourChange(tokens: Tokens, taken: ReadonlySet<number> = new Set()): ColourChange | null {
  const mentions = findMentions(tokens, COLOUR_WORDS, taken);
  if (mentions.length === 0) return null;
  const targetIndex = mentions.findIndex((mention) => {
    let index = mention.start - 1;
    while (index >= 0 && FILLER_WORDS.has(tokens[index]!)) index -= 1;
    return index >= 0 && TARGET_MARKERS.has(tokens[index]!);
  });
  if (targetIndex >= 0) {
    const target = mentions[targetIndex]!;
    const source = mentions.find((mention, index) => index !== targetIndex && mention.value !== target.value);
    return source ? { from: source.value, to: target.value } : { to: target.value };
  }
  const first = mentions[0]!;
  const last = mentions[mentions.length - 1]!;
  return first.value !== last.value ? { from: first.value, to: last.value } : { to: last.value };
}

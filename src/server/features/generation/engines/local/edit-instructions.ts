import { findAdjustments, type AdjustmentMention } from './adjustments';
import { type AspectFit } from './aspect';
import { findCaption, type Caption } from './caption';
import { parseColourChange, type ColourChange } from './recolour';
import { findStyles } from './styles/catalogue';
import { type Style } from './styles/style';
import { coveredTokens, defineVocabulary, findMentions, tokenize, type Tokens } from './text-match';

/**
 * What the local engine reads from an edit request. The rule-based planner uses the same reading,
 * so what it plans as an edit is what the engine can do.
 */
export interface EditInstructions {
  adjustments: AdjustmentMention[];
  styles: Style[];
  colourChange: ColourChange | null;
  fit: AspectFit;
  caption: Caption | null;
}

const PAD_WORDS = defineVocabulary([
  {
    value: 'pad' as const,
    patterns: ['pad*', 'letterbox*', 'without cropping', 'don t crop', 'dont crop', 'do not crop', 'no crop*', 'keep everything', 'whole picture', 'whole photo', 'borders', 'без обрез*', 'не обрез*', 'поля', 'полями', 'целиком'],
  },
]);

export function readEditTokens(tokens: Tokens, caption: Caption | null = null): EditInstructions {
  // Adjustments first: their phrases are the most specific ("more contrast" before the style "contrast*").
  const adjustments = findAdjustments(tokens);
  const taken = coveredTokens(adjustments);
  const styleMentions = findStyles(tokens, taken);
  coveredTokens(styleMentions, taken);
  const padMentions = findMentions(tokens, PAD_WORDS, taken);
  coveredTokens(padMentions, taken);
  const colourChange = parseColourChange(tokens, taken);
  return { adjustments, styles: styleMentions.map((mention) => mention.value), colourChange, fit: padMentions.length > 0 ? 'pad' : 'crop', caption };
}

/** Reads a whole request: the quoted caption first, then the other instructions from the words outside it. */
export function readEditRequest(request: string): { tokens: string[]; instructions: EditInstructions } {
  const caption = findCaption(request);
  const tokens = tokenize(caption?.remainingText ?? request);
  return { tokens, instructions: readEditTokens(tokens, caption) };
}

/** True when the request names something the local engine can do to a picture. */
export function hasEditOperation(instructions: EditInstructions): boolean {
  return instructions.adjustments.length > 0 || instructions.styles.length > 0 || instructions.colourChange !== null || instructions.caption !== null;
}

import { findAdjustments, type AdjustmentMention } from './adjustments';
import { type AspectFit } from './aspect';
import { parseColourChange, type ColourChange } from './recolour';
import { findStyles } from './styles/catalogue';
import { type Style } from './styles/style';
import { coveredTokens, defineVocabulary, findMentions, type Tokens } from './text-match';

/**
 * What the local engine reads from an edit request. The rule-based planner uses the same reading,
 * so what it plans as an edit is what the engine can do.
 */
export interface EditInstructions {
  adjustments: AdjustmentMention[];
  styles: Style[];
  colourChange: ColourChange | null;
  fit: AspectFit;
}

const PAD_WORDS = defineVocabulary([
  {
    value: 'pad' as const,
    patterns: ['pad*', 'letterbox*', 'without cropping', 'don t crop', 'dont crop', 'do not crop', 'no crop*', 'keep everything', 'whole picture', 'whole photo', 'borders', 'без обрез*', 'не обрез*', 'поля', 'полями', 'целиком'],
  },
]);

export function readEditTokens(tokens: Tokens): EditInstructions {
  // Adjustments first: their phrases are the most specific ("more contrast" before the style "contrast*").
  const adjustments = findAdjustments(tokens);
  const taken = coveredTokens(adjustments);
  const styleMentions = findStyles(tokens, taken);
  coveredTokens(styleMentions, taken);
  const padMentions = findMentions(tokens, PAD_WORDS, taken);
  coveredTokens(padMentions, taken);
  const colourChange = parseColourChange(tokens, taken);
  return { adjustments, styles: styleMentions.map((mention) => mention.value), colourChange, fit: padMentions.length > 0 ? 'pad' : 'crop' };
}

/** True when the request names something the local engine can do to a picture. */
export function hasEditOperation(instructions: EditInstructions): boolean {
  return instructions.adjustments.length > 0 || instructions.styles.length > 0 || instructions.colourChange !== null;
}

import { findAdjustments, type AdjustmentMention } from './adjustments';
import { type AspectFit } from './aspect';
import { findBackgroundChange, mentionsBackground } from './background-words';
import { findCaption, type Caption } from './caption';
import { findGarment, type Garment } from './garments';
import { parseColourChange, type ColourChange } from './recolour';
import { findStyles } from './styles/catalogue';
import { type Style } from './styles/style';
import { coveredTokens, defineVocabulary, findMentions, tokenize, type Tokens } from './text-match';
import { type BackgroundChange } from './vision/background-edit';

/**
 * What the local engine reads from an edit request. The rule-based planner uses the same reading,
 * so what it plans as an edit is what the engine can do.
 */
export interface EditInstructions {
  adjustments: AdjustmentMention[];
  styles: Style[];
  colourChange: ColourChange | null;
  /** What a colour change is about: one garment (the person's clothes only), the background, or (null) the whole picture. */
  colourTarget: { kind: 'garment'; garment: Garment } | { kind: 'background' } | null;
  /** A new background behind the person, or none. */
  background: BackgroundChange | null;
  fit: AspectFit;
  caption: Caption | null;
  /** Several photos asked to become one picture ("combine them", "a collage"); otherwise each photo gets its own result. */
  combine: boolean;
}

const PAD_WORDS = defineVocabulary([
  {
    value: 'pad' as const,
    patterns: ['pad*', 'letterbox*', 'without cropping', 'don t crop', 'dont crop', 'do not crop', 'no crop*', 'keep everything', 'whole picture', 'whole photo', 'borders', 'без обрез*', 'не обрез*', 'поля', 'полями', 'целиком'],
  },
]);

const COMBINE_WORDS = defineVocabulary([
  {
    value: 'combine' as const,
    patterns: [
      'combine*', 'merge*', 'collage*', 'montage*', 'side by side', 'together', 'one picture', 'one image', 'one photo', 'single picture', 'single image', 'a grid', 'in a grid', 'join them', 'put them together',
      'объедин*', 'совмест*', 'коллаж*', 'монтаж*', 'рядом', 'вместе', 'одну картин*', 'одно изображени*', 'одно фото', 'одной картин*', 'сетк*', 'склей*',
    ],
  },
]);

/** True when a request asks for several photos to become one picture. */
export function asksToCombine(tokens: Tokens): boolean {
  return findMentions(tokens, COMBINE_WORDS).length > 0;
}

export function readEditTokens(tokens: Tokens, caption: Caption | null = null): EditInstructions {
  // The background first: "blur the background" is not the blur style, "snowy forest" behind someone is not the winter look.
  const background = findBackgroundChange(tokens);
  const taken = new Set(background?.taken ?? []);
  // Adjustments next: their phrases are the most specific ("more contrast" before the style "contrast*").
  const adjustments = findAdjustments(tokens, taken);
  coveredTokens(adjustments, taken);
  const styleMentions = findStyles(tokens, taken);
  coveredTokens(styleMentions, taken);
  const padMentions = findMentions(tokens, PAD_WORDS, taken);
  coveredTokens(padMentions, taken);
  const combine = asksToCombine(tokens);
  const colourChange = parseColourChange(tokens, taken);
  const garment = colourChange ? findGarment(tokens, taken) : null;
  const colourTarget = !colourChange ? null : garment ? { kind: 'garment' as const, garment: garment.value } : mentionsBackground(tokens) ? { kind: 'background' as const } : null;
  return {
    adjustments,
    styles: styleMentions.map((mention) => mention.value),
    colourChange,
    colourTarget,
    background: background?.change ?? null,
    fit: padMentions.length > 0 ? 'pad' : 'crop',
    caption,
    combine,
  };
}

/** Reads a whole request: the quoted caption first, then the other instructions from the words outside it. */
export function readEditRequest(request: string): { tokens: string[]; instructions: EditInstructions } {
  const caption = findCaption(request);
  const tokens = tokenize(caption?.remainingText ?? request);
  return { tokens, instructions: readEditTokens(tokens, caption) };
}

/** True when the request names something the local engine can do to a picture. */
export function hasEditOperation(instructions: EditInstructions): boolean {
  return instructions.adjustments.length > 0 || instructions.styles.length > 0 || instructions.colourChange !== null || instructions.caption !== null || instructions.background !== null;
}

/** Edits that find the person in the photo (segmentation), and so work at the photo's own resolution. */
export function needsPerson(instructions: EditInstructions): boolean {
  return instructions.background !== null || instructions.colourTarget !== null;
}

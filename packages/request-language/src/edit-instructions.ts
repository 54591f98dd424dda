import { findAdjustments, type AdjustmentMention } from './adjustment-words';
import { findBackgroundChange, mentionsBackground, type BackgroundChange } from './background-words';
import { findCaption, type Caption } from './caption';
import { parseColourChange, type ColourChange } from './colour-change';
import { findGarment, type Garment } from './garments';
import { findStyles, type Style } from './styles/style-words';
import { findTextReplacement, type TextReplacement } from './text-replacement';
import { coveredTokens, defineVocabulary, findMentions, tokenize, type Tokens } from './text-match';

/** How a picture takes a new shape: cut to the most interesting region, or kept whole on a soft backdrop. */
export type AspectFit = 'crop' | 'pad';

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
  /** Words already in the photo to be written over with new ones. */
  textReplacement: TextReplacement | null;
  /** Twice the width and height, by super-resolution. */
  upscale: boolean;
}

const PAD_WORDS = defineVocabulary([
  {
    value: 'pad' as const,
    patterns: [
      'pad*',
      'letterbox*',
      'without cropping',
      'don t crop',
      'dont crop',
      'do not crop',
      'no crop*',
      'keep everything',
      'whole picture',
      'whole photo',
      'borders',
      'без обрез*',
      'не обрез*',
      'поля',
      'полями',
      'целиком',
    ],
  },
]);

const UPSCALE_WORDS = defineVocabulary([
  {
    value: 'upscale' as const,
    patterns: [
      'upscale*',
      'up scale*',
      'enhance resolution',
      'enhance the resolution',
      'improve the resolution',
      'improve resolution',
      'upsampl*',
      'upres',
      'super resolution',
      'superresolution',
      'super res',
      'increase the resolution',
      'increase resolution',
      'higher resolution',
      'more resolution',
      'higher res',
      'enlarge*',
      'make it bigger',
      'make it larger',
      'double the size',
      'twice the size',
      '2x',
      'x2',
      'увелич* разрешени*',
      'повыс* разрешени*',
      'апскейл*',
      'увелич* размер*',
      'увелич* в 2 раза',
      'увелич* вдвое',
      'сделай больше',
    ],
  },
]);

const COMBINE_WORDS = defineVocabulary([
  {
    value: 'combine' as const,
    patterns: [
      'combine*',
      'merge*',
      'collage*',
      'montage*',
      'side by side',
      'together',
      'one picture',
      'one image',
      'one photo',
      'single picture',
      'single image',
      'a grid',
      'in a grid',
      'join them',
      'put them together',
      // People in several photos asked for in one scene: "put both of us on a beach".
      'both of us',
      'the two of us',
      'all of us',
      'us both',
      'us all',
      'объедин*',
      'совмест*',
      'коллаж*',
      'монтаж*',
      'рядом',
      'вместе',
      'одну картин*',
      'одно изображени*',
      'одно фото',
      'одной картин*',
      'сетк*',
      'склей*',
      'нас обоих',
      'нас двоих',
      'нас всех',
    ],
  },
]);

/** True when a request asks for several photos to become one picture. */
export function asksToCombine(tokens: Tokens): boolean {
  return findMentions(tokens, COMBINE_WORDS).length > 0;
}

export function readEditTokens(
  tokens: Tokens,
  caption: Caption | null = null,
  textReplacement: TextReplacement | null = null,
): EditInstructions {
  // The background first: "blur the background" is not the blur style, "snowy forest" behind someone is not the winter look.
  const background = findBackgroundChange(tokens);
  const taken = new Set(background?.taken ?? []);
  const upscaleMentions = findMentions(tokens, UPSCALE_WORDS, taken);
  coveredTokens(upscaleMentions, taken);
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
  const colourTarget = !colourChange
    ? null
    : garment
      ? { kind: 'garment' as const, garment: garment.value }
      : mentionsBackground(tokens)
        ? { kind: 'background' as const }
        : null;
  return {
    adjustments,
    styles: styleMentions.map((mention) => mention.value),
    colourChange,
    colourTarget,
    background: background?.change ?? null,
    fit: padMentions.length > 0 ? 'pad' : 'crop',
    caption,
    combine,
    textReplacement,
    upscale: upscaleMentions.length > 0,
  };
}

/**
 * Reads a whole request: text to replace or a quoted caption first, then the other instructions
 * from the words outside them.
 */
export function readEditRequest(request: string): { tokens: string[]; instructions: EditInstructions } {
  const textReplacement = findTextReplacement(request);
  const caption = textReplacement ? null : findCaption(request);
  const tokens = tokenize(textReplacement?.remainingText ?? caption?.remainingText ?? request);
  // The words about the text ("replace the text") are not themselves a colour change or a style.
  return { tokens, instructions: readEditTokens(textReplacement ? [] : tokens, caption, textReplacement) };
}

/** True when the request names something the local engine can do to a picture. */
export function hasEditOperation(instructions: EditInstructions): boolean {
  return (
    instructions.adjustments.length > 0 ||
    instructions.styles.length > 0 ||
    instructions.colourChange !== null ||
    instructions.caption !== null ||
    instructions.background !== null ||
    instructions.textReplacement !== null ||
    instructions.upscale
  );
}

/** Edits that find the person in the photo (segmentation). */
export function needsPerson(instructions: EditInstructions): boolean {
  return instructions.background !== null || instructions.colourTarget !== null;
}

/** Edits of what is in the photo (the person, its text) rather than its look: they keep the photo's own resolution. */
export function editsContent(instructions: EditInstructions): boolean {
  return needsPerson(instructions) || instructions.textReplacement !== null || instructions.upscale;
}

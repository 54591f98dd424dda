/**
 * Reading what an image request asks for, in English and Russian: the words only, never pixels.
 * The quote planner and the local engine read a request the same way through this entry; the lint
 * zones refuse imports of any other file from outside the package.
 */
export { ADJUSTMENTS, findAdjustments, type Adjustment, type AdjustmentMention } from './adjustment-words';
export { findBackgroundChange, mentionsBackground, type BackgroundChange, type BackgroundMention } from './background-words';
export { findCaption, MAX_CAPTION_LENGTH, type Caption, type CaptionPosition } from './caption';
export { parseColourChange, type ColourChange } from './colour-change';
export { colourName, COLOUR_NAMES, COLOUR_WORDS, type ColourName } from './colour-words';
export { findImageCount } from './count-words';
export { asksToCombine, editsContent, hasEditOperation, needsPerson, readEditRequest, readEditTokens, type AspectFit, type EditInstructions } from './edit-instructions';
export { editOperationsIn, isFollowUp } from './follow-up';
export { findGarment, type Garment, type GarmentPart } from './garments';
export { readGenerationPrompt, type GenerationPrompt } from './generation-prompt';
export { describeScene, SCENE_ELEMENTS, type SceneDescription, type SceneElement, type TimeOfDay } from './scene-words';
export { readAspectRatio, type AspectRatio } from './shape-words';
export { findStyles, STYLES, type Style } from './styles/style-words';
export { findTextReplacement, type TextReplacement } from './text-replacement';
export { coveredTokens, defineVocabulary, findMentions, hasCyrillic, russianAdjective, tokenize, type Tokens, type Vocabulary, type VocabularyMatch } from './text-match';
export { findUndrawable, type Undrawable } from './undrawable';

/**
 * Reading what an image request asks for, in English and Russian: the words only, never pixels.
 * The quote planner and the local engine read a request the same way through this entry; the lint
 * zones refuse imports of any other file from outside the package.
 */
export { ADJUSTMENTS, type AdjustmentMention } from './adjustment-words';
export { type BackgroundChange } from './background-words';
export { asksWhatItCanDo } from './capability-question';
export { findCaption, type Caption } from './caption';
export { type ColourChange } from './colour-change';
export { COLOUR_NAMES, type ColourName } from './colour-words';
export { findImageCount } from './count-words';
export {
  asksToCombine,
  editsContent,
  hasEditOperation,
  needsPerson,
  readEditRequest,
  readEditTokens,
  type AspectFit,
  type EditInstructions,
} from './edit-instructions';
export { editOperationsIn, isFollowUp } from './follow-up';
export { GARMENTS, type Garment, type GarmentPart } from './garments';
export { readGenerationPrompt } from './generation-prompt';
export { describeScene, type SceneDescription, type SceneElement, type TimeOfDay } from './scene-words';
export { readAspectRatio, type AspectRatio } from './shape-words';
export { findStyles, STYLES, type Style } from './styles/style-words';
export { findTextReplacement } from './text-replacement';
export { hasCyrillic, tokenize } from './text-match';
export { findUndrawable } from './undrawable';

/**
 * The built-in offline image engine: what the app may use of it. Everything else in this package
 * is its own business; the lint zones refuse imports of any other file from outside it.
 */
export { EngineError, type EngineErrorKind, type EngineImage, type EngineOptions, type EngineResult, type Suggestion, type UploadAnalysis } from './engine-types';
export { LocalImageEngine, type LocalEngineSettings } from './local-engine';
export { visionActivity } from './vision/vision-client';

// Reading requests: the quote planner reads them as the engine does.
export { findCaption, type Caption } from './caption';
export { asksToCombine, readEditTokens } from './edit-instructions';
export { readGenerationPrompt } from './generation-prompt';
export { describeScene } from './scene/scene-words';
export { findTextReplacement } from './text-replacement';
export { defineVocabulary, findMentions, russianAdjective, tokenize, type Tokens } from './text-match';

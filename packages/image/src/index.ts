/**
 * The built-in offline image engine: what the app may use of it. Everything else in this package
 * is its own business; the lint zones refuse imports of any other file from outside it.
 */
export {
  EngineError,
  type EngineErrorKind,
  type EngineImage,
  type EngineOptions,
  type EngineResult,
  type Suggestion,
  type UploadAnalysis,
} from './engine-types';
export { LocalImageEngine, type LocalEngineSettings } from './local-engine';
export { LOCAL_NOTE_CODES, NOTE_CLAUSE_CODES, type LocalNoteCode, type NoteText } from './reply-note';
export { type ProgressListener } from './work-progress';
export { visionActivity } from './vision/vision-client';

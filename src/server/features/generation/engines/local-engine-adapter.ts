import {
  EngineError as BuiltInEngineError,
  LocalImageEngine,
  type EngineOptions as BuiltInEngineOptions,
  type LocalEngineSettings,
} from '@photomuse/image';
import {
  EngineError,
  type EngineImage,
  type EngineOptions,
  type EngineResult,
  type ImageEngine,
  type UploadAnalysis,
} from './image-engine';

/**
 * The built-in offline engine (packages/image) as the app's `ImageEngine`. The package knows
 * nothing of the app: this is the one place the two meet, and where the engine's refusals become
 * the app's EngineError of the same kind and reason (so the job settles them as it settles any
 * engine's). Its notes and reasons are codes of the app's list: a code the app lacks fails the type check here.
 */
export class LocalEngineAdapter implements ImageEngine {
  readonly name = 'local' as const;
  private readonly engine: LocalImageEngine;

  constructor(settings: LocalEngineSettings = {}) {
    this.engine = new LocalImageEngine(settings);
  }

  generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    return this.engine.generate(prompt, builtInOptions(options)).catch(asAppError);
  }

  edit(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    return this.engine.edit(images, prompt, builtInOptions(options)).catch(asAppError);
  }

  async analyzeUpload(image: EngineImage): Promise<UploadAnalysis> {
    const analysis = await this.engine.analyzeUpload(image).catch(asAppError);
    return {
      ...analysis,
      suggestions: analysis.suggestions.map(({ title, description, titleCode, descriptionCode }) => ({
        title,
        description,
        ...(titleCode && descriptionCode ? { title_code: titleCode, description_code: descriptionCode } : {}),
      })),
    };
  }
}

export function createLocalEngine(settings: LocalEngineSettings = {}): ImageEngine {
  return new LocalEngineAdapter(settings);
}

/** The engine counts its own units of work (a photo decoded, each operation, each image encoded): those are the job's steps. */
function builtInOptions(options: EngineOptions): BuiltInEngineOptions {
  const { onProgress } = options;
  return { ...options, onProgress: onProgress && ((done, total) => onProgress({ step: done, total })) };
}

function asAppError(error: unknown): never {
  throw error instanceof BuiltInEngineError ? new EngineError(error.kind, error.reason, { cause: error }) : error;
}

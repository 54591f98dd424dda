import type { AppConfig } from '../../../lib/env';
import type { ReplyPlanner } from '../planning';
import { GeminiImageEngine } from './gemini/gemini-engine';
import type { ImageEngine, ModelCatalogue } from './image-engine';
import type { ConfiguredModel, ModelProblem } from './model-check';
import { OpenAiImageEngine } from './openai/openai-engine';
import { ruleBasedPlanner as localPlanner } from '../planner/rule-based-planner';
import { createLocalEngine } from './local-engine-adapter';

export interface GenerationParts {
  engine: ImageEngine;
  engineName: ImageEngine['name'];
  /**
   * Plans every request where it is priced — the quote before sending and the charge — by the
   * local rules (free, instant), so both read the request the same way (decision 006).
   */
  quotePlanner: ReplyPlanner;
  /** A hosted engine's language model: re-plans a paid request's wording and shape in the job. */
  replyPlanner: ReplyPlanner | undefined;
  /** A hosted engine's provider, and the models it is configured with (checked at start). */
  models: { catalogue: ModelCatalogue; configured: ConfiguredModel[] } | undefined;
  /** What that check found (empty when all is well, or for the local engine); /api/health shows it. */
  modelProblems: ModelProblem[];
}

/** The engine IMAGE_ENGINE names, with its planners. */
export function createGenerationParts(config: AppConfig): GenerationParts {
  const engineConfig = config.imageEngine;
  if (engineConfig.kind === 'openai') {
    const engine = new OpenAiImageEngine({ apiKey: engineConfig.apiKey, baseUrl: engineConfig.baseUrl, model: engineConfig.model, textModel: engineConfig.textModel });
    const configured = [
      { variable: 'OPENAI_IMAGE_MODEL', model: engineConfig.model },
      { variable: 'OPENAI_TEXT_MODEL', model: engineConfig.textModel },
    ];
    return { engine, engineName: 'openai', quotePlanner: localPlanner, replyPlanner: engine, models: { catalogue: engine, configured }, modelProblems: [] };
  }
  if (engineConfig.kind === 'gemini') {
    const engine = new GeminiImageEngine({ apiKey: engineConfig.apiKey, model: engineConfig.model, textModel: engineConfig.textModel, baseUrl: engineConfig.baseUrl });
    const configured = [
      { variable: 'GEMINI_IMAGE_MODEL', model: engineConfig.model },
      { variable: 'GEMINI_TEXT_MODEL', model: engineConfig.textModel },
    ];
    return { engine, engineName: 'gemini', quotePlanner: localPlanner, replyPlanner: engine, models: { catalogue: engine, configured }, modelProblems: [] };
  }
  return { engine: createLocalEngine(), engineName: 'local', quotePlanner: localPlanner, replyPlanner: undefined, models: undefined, modelProblems: [] };
}

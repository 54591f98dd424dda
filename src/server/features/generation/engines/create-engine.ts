import type { AppConfig } from '../../../lib/env';
import type { ReplyPlanner } from '../planning';
import { GeminiImageEngine } from './gemini/gemini-engine';
import type { ImageEngine } from './image-engine';
import { OpenAiImageEngine } from './openai/openai-engine';
import { ruleBasedPlanner as localPlanner } from '../planner/rule-based-planner';
import { LocalImageEngine } from './local/local-engine';

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
}

/** The engine IMAGE_ENGINE names, with its planners. */
export function createGenerationParts(config: AppConfig): GenerationParts {
  const engineConfig = config.imageEngine;
  if (engineConfig.kind === 'openai') {
    const engine = new OpenAiImageEngine({ apiKey: engineConfig.apiKey, baseUrl: engineConfig.baseUrl, model: engineConfig.model, textModel: engineConfig.textModel });
    return { engine, engineName: 'openai', quotePlanner: localPlanner, replyPlanner: engine };
  }
  if (engineConfig.kind === 'gemini') {
    const engine = new GeminiImageEngine({ apiKey: engineConfig.apiKey, model: engineConfig.model, textModel: engineConfig.textModel, baseUrl: engineConfig.baseUrl });
    return { engine, engineName: 'gemini', quotePlanner: localPlanner, replyPlanner: engine };
  }
  return { engine: new LocalImageEngine(), engineName: 'local', quotePlanner: localPlanner, replyPlanner: undefined };
}

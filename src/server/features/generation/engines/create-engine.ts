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
  /** Plans replies: the hosted engine's language model, or the local rules. */
  planner: ReplyPlanner;
  /** Prices drafts before sending: always the local rules (free, instant). */
  quotePlanner: ReplyPlanner;
}

/** The engine IMAGE_ENGINE names, with its planner. */
export function createGenerationParts(config: AppConfig): GenerationParts {
  const engineConfig = config.imageEngine;
  if (engineConfig.kind === 'openai') {
    const engine = new OpenAiImageEngine({ apiKey: engineConfig.apiKey, baseUrl: engineConfig.baseUrl, model: engineConfig.model, textModel: engineConfig.textModel });
    return { engine, engineName: 'openai', planner: engine, quotePlanner: localPlanner };
  }
  if (engineConfig.kind === 'gemini') {
    const engine = new GeminiImageEngine({ apiKey: engineConfig.apiKey, model: engineConfig.model, textModel: engineConfig.textModel, baseUrl: engineConfig.baseUrl });
    return { engine, engineName: 'gemini', planner: engine, quotePlanner: localPlanner };
  }
  return { engine: new LocalImageEngine(), engineName: 'local', planner: localPlanner, quotePlanner: localPlanner };
}

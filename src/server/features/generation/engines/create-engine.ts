import { MAX_ATTACHMENTS } from '@shared/constants';
import type { EngineCapabilities, EngineKind, EngineOffer } from '@shared/engines';
import { MAX_IMAGES_PER_REQUEST } from '@shared/generation';
import { ConfigError, type AppConfig } from '../../../lib/env';
import type { ImageEngineConfig } from '../../../lib/image-engines-config';
import type { ReplyPlanner } from '../planning';
import { A1111ImageEngine } from './a1111/a1111-engine';
import { ComfyUiImageEngine } from './comfyui/comfyui-engine';
import { loadWorkflows, SHIPPED_WORKFLOWS_DIR, WorkflowFileError } from './comfyui/workflow';
import { GeminiImageEngine } from './gemini/gemini-engine';
import type { ImageEngine } from './image-engine';
import { checkConfiguredModels, type ModelProblem } from './model-check';
import { OpenAiImageEngine } from './openai/openai-engine';
import { ruleBasedPlanner as localPlanner } from '../planner/rule-based-planner';
import { createLocalEngine } from './local-engine-adapter';

/** One engine the server offers, with what the rest of the app needs to know of it. */
export interface EngineEntry {
  kind: EngineKind;
  engine: ImageEngine;
  label: string | undefined;
  pricePerImageCents: number;
  capabilities: EngineCapabilities;
  /** The model that makes pictures for a request, where the engine names one (kept on the job, shown to people). */
  modelFor(intent: 'generate' | 'edit'): string | null;
  /** A hosted engine's language model: re-plans a paid request's wording and shape in the job. */
  replyPlanner: ReplyPlanner | undefined;
  /** The start-up check: the models, nodes and server the configuration names (none for the local engine). */
  check: (() => Promise<ModelProblem[]>) | undefined;
}

export interface GenerationParts {
  /** Every engine offered, the default first (IMAGE_ENGINES). */
  engines: EngineEntry[];
  defaultEngine: EngineEntry;
  engineOf(kind: string | null | undefined): EngineEntry | undefined;
  /** The engines as the composer's picker shows them. */
  offers: EngineOffer[];
  /**
   * Plans every request where it is priced — the quote before sending and the charge — by the
   * local rules (free, instant), so both read the request the same way (decision 006).
   */
  quotePlanner: ReplyPlanner;
  /** Reviews uploaded photos: the default engine if it has a vision model, else the first that has, else the local engine's. */
  uploadReviewer: Required<Pick<ImageEngine, 'analyzeUpload'>>;
  /** What the start-up check found (empty when all is well); /api/health shows it. */
  modelProblems: ModelProblem[];
}

const EVERY_SHAPE = null;

function entryOf(config: ImageEngineConfig, local: () => ImageEngine): EngineEntry {
  const { settings } = config;
  const base = { kind: settings.kind, label: config.label, pricePerImageCents: config.pricePerImageCents };
  switch (settings.kind) {
    case 'local':
      return {
        ...base,
        engine: local(),
        capabilities: {
          textToImage: { maxImages: MAX_IMAGES_PER_REQUEST, model: null, knownSubjectsOnly: true },
          edit: { maxImages: MAX_IMAGES_PER_REQUEST, maxInputImages: MAX_ATTACHMENTS, model: null },
          aspectRatios: EVERY_SHAPE,
        },
        modelFor: () => null,
        replyPlanner: undefined,
        check: undefined,
      };
    case 'openai':
    case 'gemini': {
      const engine =
        settings.kind === 'openai'
          ? new OpenAiImageEngine({
              apiKey: settings.apiKey,
              baseUrl: settings.baseUrl,
              model: settings.model,
              textModel: settings.textModel,
            })
          : new GeminiImageEngine({
              apiKey: settings.apiKey,
              model: settings.model,
              textModel: settings.textModel,
              baseUrl: settings.baseUrl,
            });
      const prefix = settings.kind.toUpperCase();
      const configured = [
        { variable: `${prefix}_IMAGE_MODEL`, model: settings.model },
        { variable: `${prefix}_TEXT_MODEL`, model: settings.textModel },
      ];
      return {
        ...base,
        engine,
        capabilities: {
          textToImage: { maxImages: MAX_IMAGES_PER_REQUEST, model: settings.model },
          edit: { maxImages: MAX_IMAGES_PER_REQUEST, maxInputImages: MAX_ATTACHMENTS, model: settings.model },
          aspectRatios: EVERY_SHAPE,
        },
        modelFor: () => settings.model,
        replyPlanner: engine,
        check: () => checkConfiguredModels(engine, configured, `${prefix}_API_KEY`),
      };
    }
    case 'comfyui': {
      let workflows;
      try {
        workflows = loadWorkflows(settings.workflowsDir ?? SHIPPED_WORKFLOWS_DIR, settings.workflows);
      } catch (error) {
        if (error instanceof WorkflowFileError)
          throw new ConfigError([`${settings.workflowsDir ? 'COMFYUI_WORKFLOWS_DIR / ' : ''}COMFYUI_WORKFLOWS: ${error.message}`]);
        throw error;
      }
      const engine = new ComfyUiImageEngine({ url: settings.url, apiKey: settings.apiKey, workflows });
      return {
        ...base,
        engine,
        capabilities: engine.capabilities(),
        modelFor: (intent) => engine.modelFor(intent),
        replyPlanner: undefined,
        check: () => engine.check(),
      };
    }
    case 'a1111': {
      const engine = new A1111ImageEngine(settings);
      return {
        ...base,
        engine,
        capabilities: engine.capabilities(),
        modelFor: () => engine.modelFor(),
        replyPlanner: undefined,
        check: () => engine.check(),
      };
    }
  }
}

/** Every engine IMAGE_ENGINES offers, with its price, label and planners. */
export function createGenerationParts(config: AppConfig): GenerationParts {
  let localEngine: ImageEngine | undefined;
  const local = () => (localEngine ??= createLocalEngine());
  const engines = config.imageEngines.map((engineConfig) => entryOf(engineConfig, local));
  const defaultEngine = engines[0]!;
  const reviewer = [defaultEngine, ...engines].find((entry) => entry.engine.analyzeUpload)?.engine ?? local();
  return {
    engines,
    defaultEngine,
    engineOf: (kind) => engines.find((entry) => entry.kind === kind),
    offers: engines.map((entry) => ({
      kind: entry.kind,
      label: entry.label ?? null,
      pricePerImageCents: entry.pricePerImageCents,
      capabilities: entry.capabilities,
    })),
    quotePlanner: localPlanner,
    uploadReviewer: { analyzeUpload: (image, options) => reviewer.analyzeUpload!(image, options) },
    modelProblems: [],
  };
}

import type { EngineKind } from '@shared/engines';
import type { ModelProblem } from './engines/model-check';
import type { AppDeps } from '../../context';

/** An engine this server offers, as the operator console shows it. */
export interface ConfiguredEngine {
  name: string;
  isDefault: boolean;
  pricePerImageCents: number;
  /** The models it names and what the check at start found about each (none for the local engine). */
  models: { variable: string; model: string; status: 'ok' | ModelProblem['problem']; detail: string | null }[];
}

/** The variable that names an engine's picture model, for the console to show beside it. */
const MODEL_VARIABLES: Record<EngineKind, string> = {
  local: '',
  openai: 'OPENAI_IMAGE_MODEL',
  gemini: 'GEMINI_IMAGE_MODEL',
  comfyui: 'COMFYUI_WORKFLOWS',
  a1111: 'A1111_MODEL',
};

/**
 * The engines this server offers (IMAGE_ENGINES), the default first, each at its own price. The
 * start-up check names problems by the variable to fix, and every engine's variables carry its kind
 * as their prefix (OPENAI_IMAGE_MODEL, COMFYUI_URL…), which ties a problem to its engine.
 */
export function configuredEngines(deps: Pick<AppDeps, 'generation'>): ConfiguredEngine[] {
  const { generation } = deps;
  return generation.engines.map((entry) => {
    const prefix = `${entry.kind.toUpperCase()}_`;
    const problems = generation.modelProblems.filter((found) => found.variable.startsWith(prefix));
    const named = [entry.capabilities.textToImage?.model, entry.capabilities.edit?.model].filter(
      (model): model is string => typeof model === 'string',
    );
    const models = [...new Set(named)]
      .filter((model) => !problems.some((problem) => problem.model === model))
      .map((model) => ({ variable: MODEL_VARIABLES[entry.kind], model, status: 'ok' as const, detail: null }));
    return {
      name: entry.kind,
      isDefault: entry === generation.defaultEngine,
      pricePerImageCents: entry.pricePerImageCents,
      models: [...models, ...problems.map(({ variable, model, problem, detail }) => ({ variable, model, status: problem, detail }))],
    };
  });
}

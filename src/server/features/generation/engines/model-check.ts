import { ConfigError } from '../../../lib/env';
import type { Logger } from '../../../lib/logger';
import type { GenerationParts } from './create-engine';
import type { ModelCatalogue } from './image-engine';

/** A configured model and the variable that names it. */
export interface ConfiguredModel {
  variable: string;
  model: string;
}

/** A configured model the provider does not serve, or one we could not ask about. */
export interface ModelProblem extends ConfiguredModel {
  problem: 'not-found' | 'unchecked';
  detail: string;
}

/** Asking about one model may take this long; a start never hangs on a provider. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * At start, asks the provider about every model the hosted engine is configured with
 * (models.retrieve / models.get). A 404 means the model is unknown or retired: every job would
 * fail. Anything else (network, outage, key) is reported as unchecked, not as missing.
 */
export async function checkConfiguredModels(catalogue: ModelCatalogue, models: ConfiguredModel[]): Promise<ModelProblem[]> {
  const results = await Promise.all(
    models.map(async ({ variable, model }): Promise<ModelProblem | null> => {
      try {
        if (await catalogue.modelExists(model, AbortSignal.timeout(CHECK_TIMEOUT_MS))) return null;
        return { variable, model, problem: 'not-found', detail: `the provider does not serve the model "${model}" (unknown or retired); set ${variable} to a model it serves` };
      } catch (error) {
        return { variable, model, problem: 'unchecked', detail: `could not ask the provider about "${model}": ${error instanceof Error ? error.message : String(error)}` };
      }
    }),
  );
  return results.filter((result): result is ModelProblem => result !== null);
}

/**
 * The start-up check of a hosted engine's models. In production a model the provider does not
 * serve stops the start (a ConfigError: one message naming each model and its variable); elsewhere
 * the problems are logged and shown by /api/health as degraded.
 */
export async function checkHostedModels(parts: GenerationParts, options: { production: boolean; logger: Logger }): Promise<ModelProblem[]> {
  if (!parts.models) return [];
  const problems = await checkConfiguredModels(parts.models.catalogue, parts.models.configured);
  const fatal = problems.filter((problem) => problem.problem === 'not-found');
  if (options.production && fatal.length > 0) throw new ConfigError(fatal.map((problem) => `${problem.variable}: ${problem.detail}`));
  for (const problem of problems) options.logger.warn({ variable: problem.variable, model: problem.model }, `hosted model check: ${problem.detail}`);
  return problems;
}

import { ConfigError } from '../../../lib/env';
import type { Logger } from '../../../lib/logger';
import type { GenerationParts } from './create-engine';
import type { ModelCatalogue } from './image-engine';

/** A configured model and the variable that names it. */
export interface ConfiguredModel {
  variable: string;
  model: string;
}

/**
 * What the start-up check found wrong with an engine, naming the variable to fix: a model (or
 * model file) the server does not have, a node class a ComfyUI workflow needs, a server that does
 * not answer or refuses our credentials — or, for a hosted provider, a model we could not ask about.
 */
export interface ModelProblem extends ConfiguredModel {
  problem: 'not-found' | 'unchecked' | 'unreachable' | 'unauthorized' | 'missing-node';
  detail: string;
}

/**
 * Problems that stop a production start. A hosted provider we could not ask is only unchecked (its
 * outage must not block a deploy); the operator's own server not answering, or refusing us, is a
 * configuration to fix.
 */
const FATAL_PROBLEMS: ReadonlySet<ModelProblem['problem']> = new Set(['not-found', 'unreachable', 'unauthorized', 'missing-node']);

/** Asking about one model may take this long; a start never hangs on a provider. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * At start, asks the provider about every model the hosted engine is configured with
 * (models.retrieve / models.get). A 404 means the model is unknown or retired: every job would
 * fail; so would a key the provider refuses (401, 403), named once by `keyVariable`. Anything else
 * (network, outage) is reported as unchecked, not as missing.
 */
export async function checkConfiguredModels(
  catalogue: ModelCatalogue,
  models: ConfiguredModel[],
  keyVariable?: string,
): Promise<ModelProblem[]> {
  const results = await Promise.all(
    models.map(async ({ variable, model }): Promise<ModelProblem | null> => {
      try {
        if (await catalogue.modelExists(model, AbortSignal.timeout(CHECK_TIMEOUT_MS))) return null;
        return {
          variable,
          model,
          problem: 'not-found',
          detail: `the provider does not serve the model "${model}" (unknown or retired); set ${variable} to a model it serves`,
        };
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        if (keyVariable && (status === 401 || status === 403)) {
          return {
            variable: keyVariable,
            model,
            problem: 'unauthorized',
            detail: `the provider refused the key (HTTP ${status}); set ${keyVariable} to a key it accepts`,
          };
        }
        return {
          variable,
          model,
          problem: 'unchecked',
          detail: `could not ask the provider about "${model}": ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }),
  );
  const problems = results.filter((result): result is ModelProblem => result !== null);
  // A refused key is one problem, whichever models it was found with.
  return problems.filter(
    (problem, index) => problem.problem !== 'unauthorized' || problems.findIndex((other) => other.problem === 'unauthorized') === index,
  );
}

/**
 * The start-up check of every engine offered: hosted models, the operator's ComfyUI (nodes, model
 * files, credentials) and AUTOMATIC1111 (checkpoint, upscaler, credentials). In production a
 * problem stops the start (a ConfigError: one message naming each problem and its variable);
 * elsewhere the problems are logged and shown by /api/health as degraded.
 */
export async function checkEngines(
  parts: Pick<GenerationParts, 'engines'>,
  options: { production: boolean; logger: Logger },
): Promise<ModelProblem[]> {
  const problems = (await Promise.all(parts.engines.map((entry) => entry.check?.() ?? []))).flat();
  const fatal = problems.filter((problem) => FATAL_PROBLEMS.has(problem.problem));
  if (options.production && fatal.length > 0) throw new ConfigError(fatal.map((problem) => `${problem.variable}: ${problem.detail}`));
  for (const problem of problems)
    options.logger.warn({ variable: problem.variable, model: problem.model }, `engine check: ${problem.detail}`);
  return problems;
}

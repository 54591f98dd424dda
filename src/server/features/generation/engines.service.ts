import type { AppDeps } from '../../context';

/** An engine this server offers, as the operator console shows it. */
export interface ConfiguredEngine {
  name: string;
  isDefault: boolean;
  pricePerImageCents: number;
  /** Its hosted models and what the check at start found about each (none for the local engine). */
  models: { variable: string; model: string; status: 'ok' | 'not-found' | 'unchecked'; detail: string | null }[];
}

/**
 * The engines configured on this server, the default first. Today that is the one IMAGE_ENGINE
 * names, at PRICE_PER_IMAGE_CENTS; when several engines run at once with prices of their own,
 * this is the one function to point at their list.
 */
export function configuredEngines(deps: Pick<AppDeps, 'config' | 'generation'>): ConfiguredEngine[] {
  const { generation, config } = deps;
  const models = (generation.models?.configured ?? []).map(({ variable, model }) => {
    const problem = generation.modelProblems.find((found) => found.variable === variable);
    return { variable, model, status: problem?.problem ?? ('ok' as const), detail: problem?.detail ?? null };
  });
  return [{ name: generation.engineName, isDefault: true, pricePerImageCents: config.pricePerImageCents, models }];
}

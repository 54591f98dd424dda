import { ENGINE_KINDS, type EngineKind } from '@shared/engines';

/**
 * The image engines a server offers (IMAGE_ENGINES, or IMAGE_ENGINE alone), each with its own
 * settings, price and label. Read from the variables env.ts has already parsed.
 */

export type ImageEngineSettings =
  | { kind: 'local' }
  | { kind: 'openai'; apiKey: string; baseUrl: string | undefined; model: string; textModel: string }
  | { kind: 'gemini'; apiKey: string; model: string; textModel: string; baseUrl: string | undefined }
  | {
      kind: 'comfyui';
      url: string;
      /** Sent as a Bearer token: for a ComfyUI behind an authenticating proxy. */
      apiKey: string | undefined;
      /** Where the workflows are; unset: the templates that ship with PhotoMuse. */
      workflowsDir: string | undefined;
      /** The workflows offered, by file name; the first for each task is the one used. */
      workflows: string[];
    }
  | {
      kind: 'a1111';
      url: string;
      /** --api-auth credentials, sent with HTTP Basic. */
      auth: { username: string; password: string } | undefined;
      /** The checkpoint every request asks for; unset: whatever the web UI has loaded. */
      model: string | undefined;
      /** The upscaler extra-single-image uses for "upscale" requests. */
      upscaler: string;
    };

export interface ImageEngineConfig {
  settings: ImageEngineSettings;
  /** <KIND>_LABEL; unset: the client names the engine in the reader's language. */
  label: string | undefined;
  /** PRICE_PER_IMAGE_CENTS_<KIND>, else PRICE_PER_IMAGE_CENTS. */
  pricePerImageCents: number;
}

/** The variable that prefixes a kind's own settings (PRICE_PER_IMAGE_CENTS_COMFYUI, COMFYUI_LABEL). */
export const engineVariablePrefix = (kind: EngineKind) => kind.toUpperCase() as Uppercase<EngineKind>;

export const DEFAULT_COMFYUI_WORKFLOWS = ['flux1-schnell', 'qwen-image-edit', 'qwen-image-edit-inpaint'];
export const DEFAULT_A1111_UPSCALER = 'R-ESRGAN 4x+';

const isKind = (value: string): value is EngineKind => (ENGINE_KINDS as readonly string[]).includes(value);

/**
 * The enabled engines, the default first: IMAGE_ENGINES when set, else IMAGE_ENGINE alone (so a
 * configuration from before several engines keeps working as it was).
 */
export function enabledEngineKinds(source: Record<string, string | undefined>): { kinds: EngineKind[]; problems: string[] } {
  const single = source.IMAGE_ENGINE?.trim() || 'local';
  const list = source.IMAGE_ENGINES?.trim();
  if (!list) return { kinds: isKind(single) ? [single] : [], problems: [] };
  const names = list.split(',').map((name) => name.trim().toLowerCase());
  const problems: string[] = [];
  const unknown = names.filter((name) => !isKind(name));
  if (unknown.length > 0 || names.some((name) => name === ''))
    problems.push(`IMAGE_ENGINES: each must be one of ${ENGINE_KINDS.join(', ')}, got "${list}"`);
  const kinds = names.filter(isKind);
  const repeated = kinds.filter((kind, index) => kinds.indexOf(kind) !== index);
  if (repeated.length > 0) problems.push(`IMAGE_ENGINES: ${[...new Set(repeated)].join(', ')} listed more than once`);
  // Both set and disagreeing: which one is the default would be a guess.
  if (source.IMAGE_ENGINE?.trim() && kinds.length > 0 && kinds[0] !== single) {
    problems.push(
      `IMAGE_ENGINE=${single} but IMAGE_ENGINES starts with ${kinds[0]}: the first of IMAGE_ENGINES is the default engine; remove IMAGE_ENGINE or list ${single} first`,
    );
  }
  return { kinds: [...new Set(kinds)], problems };
}

/** What each enabled engine cannot start without (presence only, so it runs even when a value is malformed). */
export function missingEngineSettings(kinds: EngineKind[], has: (name: string) => boolean): string[] {
  const problems: string[] = [];
  const enabledBy = (kind: EngineKind) => (has('IMAGE_ENGINES') ? `IMAGE_ENGINES includes ${kind}` : `IMAGE_ENGINE=${kind}`);
  for (const kind of kinds) {
    // An OpenAI-compatible server behind OPENAI_BASE_URL may not need a key.
    if (kind === 'openai' && !has('OPENAI_API_KEY') && !has('OPENAI_BASE_URL'))
      problems.push(`OPENAI_API_KEY is required when ${enabledBy(kind)}`);
    if (kind === 'gemini' && !has('GEMINI_API_KEY')) problems.push(`GEMINI_API_KEY is required when ${enabledBy(kind)}`);
    if (kind === 'comfyui' && !has('COMFYUI_URL')) problems.push(`COMFYUI_URL is required when ${enabledBy(kind)}`);
    if (kind === 'a1111' && !has('A1111_URL')) problems.push(`A1111_URL is required when ${enabledBy(kind)}`);
  }
  return problems;
}

/** The parsed variables the engines are built from (a slice of env.ts's schema). */
export interface EngineEnv {
  PRICE_PER_IMAGE_CENTS: number;
  prices: Partial<Record<EngineKind, number>>;
  labels: Partial<Record<EngineKind, string>>;
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_IMAGE_MODEL: string;
  OPENAI_TEXT_MODEL: string;
  GEMINI_API_KEY?: string | undefined;
  GEMINI_IMAGE_MODEL: string;
  GEMINI_TEXT_MODEL: string;
  GEMINI_BASE_URL?: string | undefined;
  COMFYUI_URL?: string | undefined;
  COMFYUI_API_KEY?: string | undefined;
  COMFYUI_WORKFLOWS_DIR?: string | undefined;
  COMFYUI_WORKFLOWS?: string | undefined;
  A1111_URL?: string | undefined;
  A1111_AUTH?: string | undefined;
  A1111_MODEL?: string | undefined;
  A1111_UPSCALER: string;
}

function settingsOf(kind: EngineKind, env: EngineEnv): ImageEngineSettings {
  switch (kind) {
    case 'local':
      return { kind };
    case 'openai':
      return {
        kind,
        apiKey: env.OPENAI_API_KEY ?? 'not-needed',
        baseUrl: env.OPENAI_BASE_URL,
        model: env.OPENAI_IMAGE_MODEL,
        textModel: env.OPENAI_TEXT_MODEL,
      };
    case 'gemini':
      return {
        kind,
        apiKey: env.GEMINI_API_KEY ?? '',
        model: env.GEMINI_IMAGE_MODEL,
        textModel: env.GEMINI_TEXT_MODEL,
        baseUrl: env.GEMINI_BASE_URL,
      };
    case 'comfyui': {
      const workflows = env.COMFYUI_WORKFLOWS?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return {
        kind,
        url: env.COMFYUI_URL!.replace(/\/+$/, ''),
        apiKey: env.COMFYUI_API_KEY,
        workflowsDir: env.COMFYUI_WORKFLOWS_DIR,
        workflows: workflows?.length ? workflows : DEFAULT_COMFYUI_WORKFLOWS,
      };
    }
    case 'a1111': {
      const separator = env.A1111_AUTH?.indexOf(':') ?? -1;
      const auth =
        env.A1111_AUTH && separator > 0
          ? { username: env.A1111_AUTH.slice(0, separator), password: env.A1111_AUTH.slice(separator + 1) }
          : undefined;
      return { kind, url: env.A1111_URL!.replace(/\/+$/, ''), auth, model: env.A1111_MODEL, upscaler: env.A1111_UPSCALER };
    }
  }
}

export function imageEnginesOf(kinds: EngineKind[], env: EngineEnv): ImageEngineConfig[] {
  return kinds.map((kind) => ({
    settings: settingsOf(kind, env),
    label: env.labels[kind],
    pricePerImageCents: env.prices[kind] ?? env.PRICE_PER_IMAGE_CENTS,
  }));
}

import { z } from 'zod';
import { aspectRatioSchema, MAX_IMAGES_PER_REQUEST, type AspectRatio } from './generation';

/**
 * The image engines a server may offer at once (IMAGE_ENGINES; the first is the default), what
 * each can do, and the rule that refuses a request the chosen engine cannot do — one rule for the
 * composer (which greys out what the engine cannot) and the server (which refuses before charging).
 */

export const ENGINE_KINDS = ['local', 'openai', 'gemini', 'comfyui', 'a1111'] as const;
export const engineKindSchema = z.enum(ENGINE_KINDS);
export type EngineKind = z.infer<typeof engineKindSchema>;

/** The shapes the composer offers: the spec's 'unchanged' (labelled Original) and the usual ratios. */
export const PICKER_ASPECT_RATIOS = [
  'unchanged',
  '1:1',
  '4:3',
  '3:4',
  '3:2',
  '2:3',
  '16:9',
  '9:16',
] as const satisfies readonly AspectRatio[];

/** The counts the composer offers (versions of each result); the engine may make fewer. */
export const PICKER_MAX_IMAGE_COUNT = Math.min(4, MAX_IMAGES_PER_REQUEST);

/** Which engine made a reply (or was charged for it), and with which model when it names one. */
export const engineUsedSchema = z.object({ kind: engineKindSchema, model: z.string().nullable() });
export type EngineUsed = z.infer<typeof engineUsedSchema>;

export const engineCapabilitiesSchema = z.object({
  /** New pictures from words: how many one request may make, and the model that makes them. */
  textToImage: z
    .object({
      maxImages: z.int().min(1),
      model: z.string().nullable(),
      /** It draws only the subjects it knows by name (the built-in engine's scenes): a plan naming another is refused. */
      knownSubjectsOnly: z.boolean().optional(),
    })
    .nullable(),
  /** Edits of photos: how many versions, how many photos it can combine into one picture, and the model. */
  edit: z.object({ maxImages: z.int().min(1), maxInputImages: z.int().min(1), model: z.string().nullable() }).nullable(),
  /** The only shapes it makes ('unchanged' always among them), or null: any shape. */
  aspectRatios: z.array(aspectRatioSchema).nullable(),
});
export type EngineCapabilities = z.infer<typeof engineCapabilitiesSchema>;

/** An engine as the composer's picker shows it (GET /api/config). */
export const engineOfferSchema = z.object({
  kind: engineKindSchema,
  /** The operator's <KIND>_LABEL; null: the client names the engine in the reader's language. */
  label: z.string().nullable(),
  pricePerImageCents: z.int().min(0),
  capabilities: engineCapabilitiesSchema,
});
export type EngineOffer = z.infer<typeof engineOfferSchema>;

export const ENGINE_REFUSAL_REASONS = [
  'not-offered',
  'no-text-to-image',
  'no-edit',
  'too-many-inputs',
  'too-many-images',
  'shape-unsupported',
  'cannot-draw',
  'no-picture',
] as const;
export type EngineRefusalReason = (typeof ENGINE_REFUSAL_REASONS)[number];

/**
 * A request the chosen engine cannot do, answered before any charge: why, and which of the
 * offered engines can (the client words both; the server's message is for logs and scripts).
 */
export const engineRefusalSchema = z.object({
  reason: z.enum(ENGINE_REFUSAL_REASONS),
  engine: engineKindSchema,
  capableEngines: z.array(engineKindSchema),
  /** For 'cannot-draw': the word of the request it cannot draw. */
  subject: z.string().optional(),
});
export type EngineRefusal = z.infer<typeof engineRefusalSchema>;

/** What the refusal rule needs to know of a planned request. */
export interface EngineRequest {
  intent: 'generate' | 'edit';
  /** Photos the request starts from (attachments, or 1 for the previous result). */
  sourceCount: number;
  /** Several photos become one picture (rather than one result each). */
  combine: boolean;
  imageCount: number;
  aspectRatio: AspectRatio;
  /** A new picture's main subject that an engine drawing only known subjects cannot draw (the plan's `undrawable`). */
  undrawable?: string | undefined;
}

/** How many pictures one run of the engine makes: all of them, or each photo's share when every photo gets its own results. */
export function imagesPerRun(request: EngineRequest): number {
  if (request.intent === 'edit' && !request.combine && request.sourceCount > 1)
    return Math.max(1, Math.ceil(request.imageCount / request.sourceCount));
  return request.imageCount;
}

/** Why `capabilities` cannot do `request`, or null when they can. */
export function engineRefusalReason(capabilities: EngineCapabilities, request: EngineRequest): EngineRefusalReason | null {
  // An edit with no picture in the chat ("replace 'Hello' with 'Bye'" as the first message): no engine has anything to edit.
  if (request.intent === 'edit' && request.sourceCount === 0) return 'no-picture';
  const task = request.intent === 'edit' ? capabilities.edit : capabilities.textToImage;
  if (!task) return request.intent === 'edit' ? 'no-edit' : 'no-text-to-image';
  if (capabilities.edit && request.intent === 'edit' && request.combine && request.sourceCount > capabilities.edit.maxInputImages)
    return 'too-many-inputs';
  if (imagesPerRun(request) > task.maxImages) return 'too-many-images';
  if (capabilities.aspectRatios && !capabilities.aspectRatios.includes(request.aspectRatio)) return 'shape-unsupported';
  if (request.intent === 'generate' && request.undrawable && capabilities.textToImage?.knownSubjectsOnly) return 'cannot-draw';
  return null;
}

/** The refusal of `engine` for `request` (null when it can), naming the offered engines that can. */
export function engineRefusalOf(
  offers: readonly Pick<EngineOffer, 'kind' | 'capabilities'>[],
  engine: EngineKind,
  request: EngineRequest,
): EngineRefusal | null {
  const chosen = offers.find((offer) => offer.kind === engine);
  const reason = chosen ? engineRefusalReason(chosen.capabilities, request) : 'not-offered';
  if (!reason) return null;
  const capableEngines = offers.filter((offer) => engineRefusalReason(offer.capabilities, request) === null).map((offer) => offer.kind);
  return { reason, engine, capableEngines, ...(reason === 'cannot-draw' && request.undrawable ? { subject: request.undrawable } : {}) };
}

/** What the composer's pickers chose for a request (each unset: the session's engine, the words' shape and count). */
export interface GenerationChoice {
  engine?: EngineKind | undefined;
  aspectRatio?: AspectRatio | undefined;
  imageCount?: number | undefined;
}

/** The most pictures one request to this engine may ask for from the composer's count picker. */
export function pickableImageCount(capabilities: EngineCapabilities): number {
  const most = Math.max(capabilities.textToImage?.maxImages ?? 1, capabilities.edit?.maxImages ?? 1);
  return Math.max(1, Math.min(PICKER_MAX_IMAGE_COUNT, most));
}

import type { CodedText } from '@shared/coded-text';
import type { EngineKind } from '@shared/engines';
import { englishOf } from '../../../lib/english-text';
import type { AspectRatio } from '@shared/generation';
import type { SuggestedAction } from '@shared/studio';

/** An image as engines take and give it. */
export interface EngineImage {
  data: Buffer;
  mimeType: string;
}

export interface EngineOptions {
  /** How many images to make, in all: MIN_IMAGES_PER_REQUEST to MAX_IMAGES_PER_REQUEST. */
  count: number;
  /**
   * Several photos to edit become one picture (each of the `count` images shows them all);
   * otherwise each photo gets its own results, the images going round the photos.
   */
  combine?: boolean | undefined;
  /** 'unchanged' (keep the source's shape; a square for new pictures) or 'width:height'. */
  aspectRatio: AspectRatio;
  /** Fires when the job's try is out of time: the engine stops its calls. */
  signal?: AbortSignal | undefined;
  /** 0 for a reply, 1, 2… for its variations: an engine that can vary its output makes each differ. */
  version?: number | undefined;
  /** Which try of the job this is (1 for the first): an engine may treat a failure that repeats as final. */
  attempt?: number | undefined;
  /** Steps done of the engine's own count, as it reports them while it works. */
  onProgress?: ((progress: { step: number; total: number }) => void) | undefined;
  /** A preview of the picture being made (any image format; shrunk to a small JPEG before it is kept), where the engine streams them. */
  onPreview?: ((image: Buffer) => void) | undefined;
  /**
   * A selected area of the one photo to edit: the engine edits inside it (in its own form: an
   * alpha mask, an inpainting mask, a second image). Its result is composited over the photo
   * through the mask afterwards, so what it changes outside does not survive.
   */
  mask?: EngineMask | undefined;
}

/** A selected area: one-channel PNG the size of the photo, 255 = may change, 0 = keep. */
export interface EngineMask {
  png: Buffer;
  width: number;
  height: number;
}

export interface EngineResult {
  images: EngineImage[];
  /** A short, honest note for the reply message (which engine made it, and how), as codes the client words. */
  note: CodedText[];
  /** The model that made the images, where the engine learns it only from its server's answer. */
  model?: string | undefined;
}

/** What an engine's vision step says about an uploaded photo. */
export interface UploadAnalysis {
  approved: boolean;
  reason?: string | undefined;
  suggestions: SuggestedAction[];
}

/**
 * - transient: may work on a later try (429, 5xx, time-out, network) — the queue retries;
 * - refused: the provider's content policy said no — never retried;
 * - invalid: the request itself cannot be done — never retried.
 */
export type EngineErrorKind = 'transient' | 'refused' | 'invalid';

export class EngineError extends Error {
  /** Why, as codes the person reads in their language; the message is its English, for logs. */
  readonly reason: CodedText[];

  constructor(
    readonly kind: EngineErrorKind,
    /** A coded reason, or words the provider wrote (a refusal, an unexpected error), shown as they came. */
    reason: CodedText | readonly CodedText[] | string,
    options: { cause?: unknown } = {},
  ) {
    const coded =
      typeof reason === 'string'
        ? [{ code: 'engine.providerSaid' as const, params: { text: reason } }]
        : Array.isArray(reason)
          ? [...(reason as readonly CodedText[])]
          : [reason as CodedText];
    super(englishOf(coded), { cause: options.cause });
    this.reason = coded;
    this.name = 'EngineError';
  }
}

/** Every engine behind one interface; IMAGE_ENGINES chooses which are offered. */
export interface ImageEngine {
  readonly name: EngineKind;
  generate(prompt: string, options: EngineOptions): Promise<EngineResult>;
  edit(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult>;
  /** More resolution only, where the engine has an upscaler of its own (else an upscale is an edit). */
  upscale?(images: EngineImage[], options: EngineOptions): Promise<EngineResult>;
  /** The review of an uploaded photo, by engines with a vision model (the others' uploads are reviewed by another). */
  analyzeUpload?(image: EngineImage, options?: { signal?: AbortSignal | undefined }): Promise<UploadAnalysis>;
}

/** A hosted engine can say whether its provider serves a model (checked at start). */
export interface ModelCatalogue {
  modelExists(model: string, signal?: AbortSignal): Promise<boolean>;
}

import { type AspectRatio } from '@photomuse/request-language';
import { type NoteText } from './reply-note';
import { type ProgressListener } from './work-progress';

/** A picture as the engine takes and gives it. */
export interface EngineImage {
  data: Buffer;
  mimeType: string;
}

export interface EngineOptions {
  /** How many images to make. */
  count: number;
  /** 'unchanged' (keep the source's shape; a square for new pictures) or 'width:height'. */
  aspectRatio: AspectRatio;
  /** Fires when the caller's time is up: the engine stops its calls. */
  signal?: AbortSignal | undefined;
  /** 0 for a reply, 1, 2… for its variations: each version of the same request differs. */
  version?: number | undefined;
  /**
   * A selected area of the (one) photo: a one-channel PNG of its size, 255 where the edit may
   * change it. A colour change then changes that area's colour instead of the garment the engine
   * would pick; the caller composites every result over the photo through it.
   */
  mask?: { png: Buffer } | undefined;
  /**
   * Told as each unit of the engine's work finishes (`done` of `total`, rising by one; 0 first, when
   * the total is known): a photo decoded, each edit operation and look, each image encoded.
   */
  onProgress?: ProgressListener | undefined;
}

export interface EngineResult {
  images: EngineImage[];
  /** A short, honest note for the reply message (the built-in engine made it, and how), as codes the app words. */
  note: NoteText[];
}

/** Something the person could ask for next, and the request that does it. */
export interface Suggestion {
  title: string;
  description: string;
  /** The title and the request as codes, which the app words in the reader's language. */
  titleCode?: NoteText;
  descriptionCode?: NoteText;
}

/** What the engine's look at an uploaded photo found. */
export interface UploadAnalysis {
  approved: boolean;
  reason?: string | undefined;
  suggestions: Suggestion[];
}

/**
 * - transient: may work on another try (a model call that failed, the caller's signal fired);
 * - invalid: the request cannot be done as asked — trying again changes nothing.
 */
export type EngineErrorKind = 'transient' | 'invalid';

export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    /** Why, as codes the app words for the person (the message names the codes, for logs). */
    readonly reason: NoteText[],
    options: { cause?: unknown } = {},
  ) {
    super(reason.map((part) => part.code).join(' '), { cause: options.cause });
    this.name = 'EngineError';
  }
}

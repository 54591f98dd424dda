import { z } from 'zod';
import { MAX_ATTACHMENTS } from './constants';
import { SESSION_TITLE_MAX_LENGTH } from './session-title';

/**
 * The plan of a reply, stored in the user message's intent_data: what to make,
 * from which images, how many, and in which shape.
 */

export const UNCHANGED_ASPECT_RATIO = 'unchanged';

/** Spec section 3: 'width:height', or the special value 'unchanged' (labelled Original). */
export type AspectRatio = typeof UNCHANGED_ASPECT_RATIO | `${number}:${number}`;

/** Whole numbers 1-999 on both sides: what every engine can turn into a size. */
const RATIO_PATTERN = /^([1-9]\d{0,2}):([1-9]\d{0,2})$/;

export const aspectRatioSchema = z.union([
  z.literal(UNCHANGED_ASPECT_RATIO),
  z
    .templateLiteral([z.int(), ':', z.int()])
    .refine((value) => RATIO_PATTERN.test(value), "Aspect ratio must be 'unchanged' or 'width:height'"),
]);

/**
 * The most images one reply may make: one result for each photo a message may carry
 * (MAX_ATTACHMENTS), or that many versions of one picture. The planner, the quote, the charge, the
 * engines and the database's check on agent_jobs.image_count all read this one number.
 */
export const MAX_IMAGES_PER_REQUEST = MAX_ATTACHMENTS;
export const MIN_IMAGES_PER_REQUEST = 1;

export const generationPlanSchema = z.object({
  intent: z.enum(['generate', 'edit']),
  instruction: z.string().trim().min(1).max(2000),
  imageCount: z.number().int().min(MIN_IMAGES_PER_REQUEST).max(MAX_IMAGES_PER_REQUEST).default(1),
  aspectRatio: aspectRatioSchema.default(UNCHANGED_ASPECT_RATIO),
  /** Which images the reply starts from: this message's photos, the session's last result, or none. */
  sourceImages: z.enum(['attachments', 'previous-output', 'none']),
  /**
   * Several source photos made into one picture ("combine them", "put both of us on a beach");
   * absent or false, each photo gets its own results (imageCount counts them all).
   */
  combine: z.boolean().optional(),
  style: z.string().trim().min(1).max(60).optional(),
  /** A short title for the session, when a hosted planner suggests one (its first request names it). */
  title: z.string().trim().min(1).max(SESSION_TITLE_MAX_LENGTH).optional(),
  /** The request asks only for more resolution: engines with an upscaler use it instead of an edit. */
  upscaleOnly: z.boolean().optional(),
  /**
   * A new picture's main subject that the built-in engine's scenes cannot draw ("giraffe"), as the
   * rules read it: an engine that draws only known subjects refuses the plan before any charge.
   */
  undrawable: z.string().trim().min(1).max(60).optional(),
  /**
   * The message asks what the engine can draw or do ("what can you draw?"): it is answered with
   * words (the engine's list), with no picture and no charge.
   */
  answer: z.literal('what-it-can-do').optional(),
});
export type GenerationPlan = z.infer<typeof generationPlanSchema>;

/**
 * What a reply refers to, kept in the user message's context_references: the photos the plan
 * starts from, and the candidates a hosted model may choose from when it re-plans in the job.
 */
export interface ContextReferences {
  sourceImages: GenerationPlan['sourceImages'];
  fileIds: string[];
  attachmentIds: string[];
  previousOutputId: string | null;
}

/**
 * Why a request cannot be answered as asked: it wants more images than one reply may make (ten
 * versions, or five photos with two versions each). Refused before anything is charged or
 * written — at the quote, so the composer says so before sending, and at the send (400).
 */
export const imageLimitRefusalSchema = z.object({
  reason: z.literal('TOO_MANY_IMAGES'),
  requested_images: z.int(),
  max_images: z.int(),
});
export type ImageLimitRefusal = z.infer<typeof imageLimitRefusalSchema>;

/** The refusal for a plan of `imageCount` images, or null when one reply may make that many. */
export function imageLimitRefusal(imageCount: number): ImageLimitRefusal | null {
  return imageCount > MAX_IMAGES_PER_REQUEST
    ? { reason: 'TOO_MANY_IMAGES', requested_images: imageCount, max_images: MAX_IMAGES_PER_REQUEST }
    : null;
}

export function isAspectRatio(value: string): value is AspectRatio {
  return value === UNCHANGED_ASPECT_RATIO || RATIO_PATTERN.test(value);
}

/** Width and height of a 'width:height' ratio; null for 'unchanged' (the source decides). */
export function aspectRatioDimensions(ratio: AspectRatio): { width: number; height: number } | null {
  const match = RATIO_PATTERN.exec(ratio);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** Width divided by height; null for 'unchanged'. */
export function aspectRatioValue(ratio: AspectRatio): number | null {
  const dimensions = aspectRatioDimensions(ratio);
  return dimensions ? dimensions.width / dimensions.height : null;
}

/**
 * Reads a ratio as people type it ('16:9', '16x9', '16/9', '16 × 9', 'original') into the stored
 * form, reduced to lowest terms ('32:18' → '16:9'). Null when it is no ratio we could make.
 */
export function parseAspectRatio(text: string): AspectRatio | null {
  const value = text.trim().toLowerCase();
  if (value === UNCHANGED_ASPECT_RATIO || value === 'original') return UNCHANGED_ASPECT_RATIO;
  const match = /^(\d{1,3})\s*[:x×/]\s*(\d{1,3})$/.exec(value);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 1 || height < 1) return null;
  const divisor = greatestCommonDivisor(width, height);
  return `${width / divisor}:${height / divisor}`;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** Label for an aspect ratio in the UI. */
export function aspectRatioLabel(ratio: AspectRatio): string {
  return ratio === UNCHANGED_ASPECT_RATIO ? 'Original' : ratio;
}

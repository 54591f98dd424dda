import { z } from 'zod';

/**
 * A selected area of an image ("Select area"): the region an edit may change. The server keeps it
 * as a private one-channel PNG the size of the upright image, 255 where the edit may change pixels
 * and 0 where it may not; every engine is handed it in its own form, and the result is composited
 * over the source so nothing outside it changes.
 */

/** The largest mask file accepted (a brushed mask of a 40-megapixel photo is far smaller). */
export const MASK_MAX_BYTES = 8 * 1024 * 1024;

/** What POST /api/masks answers: the stored mask. */
export const imageMaskSchema = z.object({
  id: z.string(),
  /** The image it selects an area of (an upload or a generated image of the same user). */
  file_id: z.string(),
  width: z.number(),
  height: z.number(),
  /** Share of the image selected, 0-1 (1: the whole image, so the edit may change every pixel). */
  coverage: z.number(),
  created_at: z.string(),
});
export type ImageMask = z.infer<typeof imageMaskSchema>;

/** The mask's id in a message: the message edits its one image only inside that area. */
export const maskIdSchema = z.uuid();

/** Refusals of a mask (400 VALIDATION_ERROR), worded once for the server and its tests. */
export const MASK_TEXTS = {
  notPng: 'The selected area must be a PNG image.',
  wrongSize: (expected: { width: number; height: number }, got: { width: number; height: number }) =>
    `The selected area is ${got.width}×${got.height} pixels but the image is ${expected.width}×${expected.height}; draw it again on this image.`,
  empty: 'The selected area is empty: brush over the part of the image to change.',
  notFound: 'Selected area not found',
  oneImage: 'A selected area edits its own image only: send it without other photos.',
  imageExpired: 'This image has been deleted, as images are after their retention time, so no area of it can be selected.',
} as const;

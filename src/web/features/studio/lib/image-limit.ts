import type { TFunction } from 'i18next';
import { isAppError } from '@shared/errors';
import { imageLimitRefusalSchema, type ImageLimitRefusal } from '@shared/generation';

/**
 * The server's refusal of a request for more images than one reply may make (a 400
 * VALIDATION_ERROR whose details name the reason), or null when `error` is anything else.
 */
export function imageLimitRefusalOf(error: unknown): ImageLimitRefusal | null {
  if (!isAppError(error) || error.status !== 400) return null;
  const body = error.details as { details?: unknown } | undefined;
  const refusal = imageLimitRefusalSchema.safeParse(body?.details);
  return refusal.success ? refusal.data : null;
}

/** What the user reads, at the cost line before sending and after a refused send alike. */
export function imageLimitText(t: TFunction<'studio'>, refusal: ImageLimitRefusal): string {
  return t('limits.tooManyImages', { count: refusal.requested_images, max: refusal.max_images });
}

import { coded } from '@shared/coded-text';
import type { Context } from 'hono';
import { AppError } from '@shared/errors';
import { errorResponse } from './http-errors';
import type { RateLimitStore } from './user-rate-limit';

/** The auth provider's 429 text, for every limit on guessing a password. */
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a few minutes before trying again.';

/** One counter a request is counted against: at most `max` requests per `windowSeconds` under `key`. */
export interface RequestLimit {
  key: string;
  windowSeconds: number;
  max: number;
}

/**
 * Counts the request against every limit at once (db/rate-limits.ts: one statement each, shared
 * by every API instance) and answers how long to wait when any of them is exceeded, else null.
 */
export async function exceededLimitWait(store: RateLimitStore, limits: RequestLimit[]): Promise<number | null> {
  const checks = await Promise.all(limits.map((limit) => store.consume(limit.key, limit.windowSeconds, limit.max)));
  const refused = checks.filter((check) => !check.allowed);
  return refused.length === 0 ? null : Math.max(...refused.map((check) => check.retryAfterSeconds));
}

/** The 429 answer, with Retry-After. */
export function tooManyRequests(c: Context, retryAfterSeconds: number, message: string): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return errorResponse(c, new AppError('RATE_LIMIT_EXCEEDED', message, { text: coded('error.tooManyRequests') }));
}

import { coded } from '@shared/coded-text';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError, TOO_MANY_REQUESTS_MESSAGE } from '@shared/errors';
import type { AppEnv } from '../context';
import { errorResponse } from './http-errors';

/** A shared counter (db/rate-limits.ts): counts one request and says whether it is over `max`. */
export interface RateLimitStore {
  consume(key: string, windowSeconds: number, max: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/**
 * Fair use: at most `perMinute` requests of one kind per signed-in user (behind `requireUser`),
 * counted in the database like the sign-in limits, so every API instance shares the count. Checked
 * before the request's body is read: a refused upload costs no decoding. `appliesTo` counts only the
 * requests of a route that are of this kind (a message sent with its reply request is a generation).
 */
export function userRateLimit(
  store: RateLimitStore,
  kind: string,
  perMinute: number,
  options: { appliesTo?: (c: Context<AppEnv>) => Promise<boolean> } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (options.appliesTo && !(await options.appliesTo(c))) return next();
    const check = await store.consume(`user:${c.get('user').id}|${kind}`, 60, perMinute);
    if (!check.allowed) {
      c.header('Retry-After', String(check.retryAfterSeconds));
      return errorResponse(c, new AppError('RATE_LIMIT_EXCEEDED', TOO_MANY_REQUESTS_MESSAGE, { text: coded('error.tooManyRequests') }));
    }
    return next();
  };
}

import type { MiddlewareHandler } from 'hono';
import { AppError } from '@shared/errors';
import type { AppEnv } from '../context';
import { errorResponse } from './http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sends from another site. Browsers always send Origin
 * on cross-site POSTs; requests without one (servers, webhooks, curl) carry no ambient cookies
 * worth forging and are authenticated otherwise.
 */
export function sameOriginOnly(appUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin && origin !== allowed && origin !== 'null') {
      return errorResponse(c, new AppError('FORBIDDEN', 'Requests from another site are not allowed'));
    }
    if (origin === 'null') return errorResponse(c, new AppError('FORBIDDEN', 'Requests from another site are not allowed'));
    return next();
  };
}

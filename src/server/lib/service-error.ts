import type { MiddlewareHandler } from 'hono';
import type { ErrorCode } from '@shared/errors';
import type { AppEnv } from '../context';

/** What an operation answers when it fails unexpectedly (see `serviceError`). */
export interface ServiceFailure {
  message: string;
  code: ErrorCode;
}

/**
 * Names an operation's service error ('Failed to fetch messages', ...), as
 * `middleware` of its route definition. Services throw AppError for what they refuse, and those
 * answers pass unchanged; anything else a route throws is answered by `handleError` with this
 * message (status 500), and its cause is logged, never sent: it may name tables or hosts.
 */
export function serviceError(message: string, code: ErrorCode = 'INTERNAL_SERVER_ERROR'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('serviceFailure', { message, code });
    await next();
  };
}

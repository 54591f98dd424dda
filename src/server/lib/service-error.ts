import type { Context, MiddlewareHandler } from 'hono';
import { AppError, isAppError, type ErrorCode } from '@shared/errors';
import type { AppDeps, AppEnv } from '../context';
import { requireUser } from './require-user';

/**
 * `requireUser`, answering a missing session with the operation's own login-required message of
 * spec section 8 ('User must be logged in to get messages', ...).
 */
export function requireUserFor(deps: Pick<AppDeps, 'auth'>, loginRequiredMessage: string): MiddlewareHandler<AppEnv> {
  const check = requireUser(deps);
  return async (c, next) => {
    try {
      await check(c, async () => undefined);
    } catch (error) {
      if (isAppError(error) && error.code === 'UNAUTHORIZED') throw new AppError('UNAUTHORIZED', loginRequiredMessage);
      throw error;
    }
    await next();
  };
}

/**
 * Runs a service call and turns an unexpected failure into the spec's service error
 * ('Failed to fetch messages', ...). The cause is logged, never sent: it may name tables or hosts.
 */
export async function asServiceError<T>(c: Context<AppEnv>, failureMessage: string, work: () => Promise<T>, code: ErrorCode = 'INTERNAL_SERVER_ERROR'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) throw error;
    c.get('logger').error({ err: error }, failureMessage);
    throw new AppError(code, failureMessage, { status: 500, cause: error });
  }
}

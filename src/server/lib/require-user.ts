import type { MiddlewareHandler } from 'hono';
import { AppError } from '@shared/errors';
import type { AppDeps, AppEnv } from '../context';

export const TERMS_REQUIRED_MESSAGE = 'You must accept the terms of service and privacy policy to continue';

/**
 * Resolves the signed-in user from the session cookie (browsers) or `Authorization: Bearer`
 * (other clients). Without a session the answer is 401; without accepted terms 403, because
 * the spec allows protected features only after acceptance.
 */
export function requireUser({ auth }: Pick<AppDeps, 'auth'>, options: { termsAccepted?: boolean } = { termsAccepted: true }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!found) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    if (options.termsAccepted !== false && !found.user.termsAcceptedAt) throw new AppError('FORBIDDEN', TERMS_REQUIRED_MESSAGE);
    c.set('user', found.user);
    await next();
  };
}

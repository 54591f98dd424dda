import { coded } from '@shared/coded-text';
import type { Context, MiddlewareHandler } from 'hono';
import { ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE } from '@shared/admin';
import { AppError } from '@shared/errors';
import type { AppDeps, AppEnv, SignedInUser } from '../context';

export const TERMS_REQUIRED_MESSAGE = 'You must accept the terms of service and privacy policy to continue';
const SIGN_IN_REQUIRED_MESSAGE = 'Sign in to continue';

export interface RequireUserOptions {
  /**
   * What a request without a session is told: the operation's login-required text of spec
   * section 8 ('User must be logged in to get messages', ...) where the spec names one.
   */
  loginRequired?: string;
  /** False only for what a user needs before accepting the terms (their profile, the acceptance). */
  termsAccepted?: boolean;
}

/**
 * The one way a route requires a signed-in user, as `middleware` of its route definition: the
 * session comes from the cookie (browsers) or `Authorization: Bearer` (other clients). Without a
 * session the answer is 401; for a disabled account, or without accepted terms, 403 (the spec
 * allows protected features only after acceptance). The user is `c.get('user')` from then on, and
 * the sign-in session it came with `c.get('authSession')`.
 */
export function requireUser(deps: Pick<AppDeps, 'sessionLookup'>, options: RequireUserOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const signedIn = await deps.sessionLookup.signedIn(c.req.raw.headers);
    if (!signedIn)
      throw new AppError('UNAUTHORIZED', options.loginRequired ?? SIGN_IN_REQUIRED_MESSAGE, { text: coded('error.signInRequired') });
    const { user } = signedIn;
    // Disabling an account ends its sessions; one that slipped past (a sign-in racing it) is refused here.
    if (user.disabledAt)
      throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE, {
        text: coded('error.accountDisabled'),
        details: { reason: ACCOUNT_DISABLED_CODE },
      });
    if (options.termsAccepted !== false && !user.termsAcceptedAt)
      throw new AppError('FORBIDDEN', TERMS_REQUIRED_MESSAGE, { text: coded('error.termsRequired') });
    c.set('user', user);
    c.set('authSession', signedIn.authSession);
    await next();
  };
}

/**
 * The request's signed-in user, or null: for answers that differ by viewer without requiring one.
 * The cookie is checked and the session read from the database on every request
 * (features/auth/session-lookup.ts), so a signed-out or revoked session is refused at once.
 */
export async function signedInUserOf({ sessionLookup }: Pick<AppDeps, 'sessionLookup'>, c: Context<AppEnv>): Promise<SignedInUser | null> {
  return sessionLookup.signedInUser(c.req.raw.headers);
}

import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { exceededLimitWait, RATE_LIMIT_MESSAGE, tooManyRequests } from './request-limits';
import type { RateLimitStore } from './user-rate-limit';

/**
 * Every request that checks a signed-in user's password (deleting the account, changing the
 * password, better-auth's verify-password) is a guess, and each costs the server a full hash: they
 * are limited as sign-in is, per user across addresses (many addresses guessing one account) and
 * per address across users. All of them count against one counter, so spreading guesses over
 * several routes gains nothing.
 */
export const PASSWORD_CHECK_LIMIT = { windowSeconds: 60, perUser: 3, perAddress: 30 };

export function passwordCheckLimit(
  store: RateLimitStore,
  clientAddress: (c: Context) => string,
  userIdOf: (c: Context<AppEnv>) => Promise<string | null>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await userIdOf(c);
    // Without a session the route refuses the request itself, before any password is checked.
    if (!userId) return next();
    const { windowSeconds, perUser, perAddress } = PASSWORD_CHECK_LIMIT;
    const wait = await exceededLimitWait(store, [
      { key: `user:${userId}|password-check`, windowSeconds, max: perUser },
      { key: `${clientAddress(c)}|password-check`, windowSeconds, max: perAddress },
    ]);
    if (wait !== null) return tooManyRequests(c, wait, RATE_LIMIT_MESSAGE);
    return next();
  };
}

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { exceededLimitWait, RATE_LIMIT_MESSAGE, tooManyRequests } from '../../lib/request-limits';
import type { RateLimitStore } from '../../lib/user-rate-limit';

interface Rule {
  windowSeconds: number;
  /** Per client address and account (e-mail): stops guessing one account's password. */
  perAccount: number;
  /** Per client address across accounts: stops spraying many accounts. */
  perAddress: number;
}

/** Sign-in, sign-up, password reset and resend are limited. */
export const AUTH_RATE_LIMITS: Record<string, Rule> = {
  '/api/auth/sign-in/email': { windowSeconds: 60, perAccount: 3, perAddress: 30 },
  '/api/auth/sign-up/email': { windowSeconds: 60, perAccount: 3, perAddress: 20 },
  '/api/auth/request-password-reset': { windowSeconds: 60, perAccount: 3, perAddress: 20 },
  '/api/auth/reset-password': { windowSeconds: 60, perAccount: 5, perAddress: 20 },
  '/api/auth/send-verification-email': { windowSeconds: 60, perAccount: 3, perAddress: 20 },
};
/** A non-browser sign-in is a sign-in: it has, and counts against, the same limits. */
const COUNTED_AS: Record<string, string> = { '/api/auth/sign-in/bearer': '/api/auth/sign-in/email' };

async function accountOf(request: Request): Promise<string> {
  try {
    const body = (await request.clone().json()) as { email?: unknown; token?: unknown };
    const account = typeof body.email === 'string' ? body.email : typeof body.token === 'string' ? `token:${body.token}` : '';
    return account.trim().toLowerCase().slice(0, 320);
  } catch {
    return '';
  }
}

export function authRateLimit(
  store: RateLimitStore,
  clientAddress: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const counter = COUNTED_AS[c.req.path] ?? c.req.path;
    const rule = c.req.method === 'POST' ? AUTH_RATE_LIMITS[counter] : undefined;
    if (!rule) return next();
    const address = clientAddress(c);
    const account = await accountOf(c.req.raw);
    const wait = await exceededLimitWait(store, [
      { key: `${address}|${counter}`, windowSeconds: rule.windowSeconds, max: rule.perAddress },
      { key: `${address}|${counter}|${account}`, windowSeconds: rule.windowSeconds, max: rule.perAccount },
    ]);
    if (wait !== null) return tooManyRequests(c, wait, RATE_LIMIT_MESSAGE);
    return next();
  };
}

import type { MiddlewareHandler } from 'hono';
import { AppError } from '@shared/errors';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../context';
import { errorResponse } from '../../lib/http-errors';
import { consumeRateLimit } from '../../db/rate-limits';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a few minutes before trying again.';

interface Rule {
  windowSeconds: number;
  /** Per client address and account (e-mail): stops guessing one account's password. */
  perAccount: number;
  /** Per client address across accounts: stops spraying many accounts. */
  perAddress: number;
}

/** Sign-in, sign-up, password reset and resend are limited (issue 3, item 9). */
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

export function authRateLimit(db: Db, clientAddress: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const counter = COUNTED_AS[c.req.path] ?? c.req.path;
    const rule = c.req.method === 'POST' ? AUTH_RATE_LIMITS[counter] : undefined;
    if (!rule) return next();
    const address = clientAddress(c);
    const account = await accountOf(c.req.raw);
    const checks = await Promise.all([
      consumeRateLimit(db, `${address}|${counter}`, rule.windowSeconds, rule.perAddress),
      consumeRateLimit(db, `${address}|${counter}|${account}`, rule.windowSeconds, rule.perAccount),
    ]);
    const refused = checks.find((check) => !check.allowed);
    if (refused) {
      c.header('Retry-After', String(refused.retryAfterSeconds));
      return errorResponse(c, new AppError('RATE_LIMIT_EXCEEDED', RATE_LIMIT_MESSAGE));
    }
    return next();
  };
}

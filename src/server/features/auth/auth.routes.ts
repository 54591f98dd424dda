import { Hono } from 'hono';
import { mapAuthProviderError } from '@shared/auth-errors';
import type { AppDeps, AppEnv } from '../../context';
import { errorResponse } from '../../lib/http-errors';
import { CLIENT_ADDRESS_HEADER } from './auth';
import { clientAddressResolver } from './client-address';
import { authRateLimit } from './rate-limit.middleware';

/**
 * better-auth's endpoints under /api/auth, behind our database-backed rate limits. Its error
 * answers are rewritten into the product's error model ({code, message} with the spec's codes).
 */
export function authRoutes({ auth, db, config }: AppDeps) {
  const clientAddress = clientAddressResolver(config.trustProxy);
  return new Hono<AppEnv>().use('*', authRateLimit(db, clientAddress)).on(['GET', 'POST'], '*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c));
    const request = new Request(c.req.raw, { headers });
    const response = await auth.handler(request);
    if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json')) return response;
    const body = await response.json().catch(() => ({}));
    return errorResponse(c, mapAuthProviderError(response.status, body));
  });
}

import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { mapAuthProviderError } from '@shared/auth-errors';
import type { AppDeps, AppEnv } from '../../context';
import { isDatabaseReachable } from '../../db/client';
import { rateLimitStore } from '../../db/rate-limits';
import { errorResponse, serviceUnavailableResponse } from '../../lib/http-errors';
import { createRouter } from '../../lib/openapi';
import { passwordCheckLimit } from '../../lib/password-check-limit';
import { CLIENT_ADDRESS_HEADER } from './auth';
import { clientAddressResolver } from '../../lib/client-address';
import { passwordRules } from './password-rules.middleware';
import { authRateLimit } from './rate-limit.middleware';
import { BEARER_TOKEN_HEADER, withoutSessionTokens } from './session-tokens';

/** The explicit sign-in of non-browser clients; every other auth answer keeps tokens out of reach. */
const bearerSignIn = createRoute({
  method: 'post',
  path: '/sign-in/bearer',
  summary: 'Sign in a non-browser client: answers a Bearer token for the Authorization header (no cookie is set)',
  description:
    'Send `Authorization: Bearer <token>` with every request; `POST /api/auth/sign-out` with it ends the session. ' +
    'The same rules and limits as the e-mail sign-in apply. Browsers sign in with POST /api/auth/sign-in/email and an HttpOnly cookie, and never see a token.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(128) }) } },
    },
  },
  responses: {
    200: {
      description: 'Signed in',
      content: {
        'application/json': {
          schema: z.object({ token: z.string(), user: z.object({ id: z.string(), email: z.string() }) }).openapi('BearerSignIn'),
        },
      },
    },
    401: { description: 'INVALID_CREDENTIALS' },
    403: { description: 'EMAIL_NOT_CONFIRMED' },
    429: { description: 'RATE_LIMIT_EXCEEDED' },
  },
});

/** Whatever the address, a reset is answered with better-auth's own words for it. */
const RESET_REQUESTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' } as const;

const passwordResetRequest = createRoute({
  method: 'post',
  path: '/request-password-reset',
  summary: 'Mail a password-reset link to an address, if it has an account; the answer is the same, and as quick, for every address',
  description:
    'The answer is given before the address is looked up; the link is made and mailed afterwards, through the job queue. ' +
    '`redirectTo` is accepted for better-auth clients and not used: the mail links to /reset-password.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ email: z.email().max(320), redirectTo: z.string().max(2000).optional() }) } },
    },
  },
  responses: {
    200: {
      description: 'Asked',
      content: {
        'application/json': { schema: z.object({ status: z.literal(true), message: z.string() }).openapi('PasswordResetRequested') },
      },
    },
    429: { description: 'RATE_LIMIT_EXCEEDED' },
  },
});

/** better-auth's endpoints that check the signed-in user's password (delete-user only once enabled). */
export const PASSWORD_CHECKING_AUTH_PATHS: ReadonlySet<string> = new Set([
  '/api/auth/change-password',
  '/api/auth/verify-password',
  '/api/auth/delete-user',
]);

/**
 * better-auth's endpoints under /api/auth, behind our database-backed rate limits and the password
 * rules (checked here, not only in the forms). Its error answers are rewritten into the product's
 * error model ({code, message} with the spec's codes), and its answers lose every session token
 * (session-tokens.ts).
 */
export function authRoutes({ auth, db, config, sessionLookup, logger }: AppDeps) {
  const clientAddress = clientAddressResolver(config.trustProxy);
  const limits = rateLimitStore(db);
  const passwordChecks = passwordCheckLimit(limits, clientAddress, async (c) =>
    c.req.method === 'POST' && PASSWORD_CHECKING_AUTH_PATHS.has(c.req.path)
      ? ((await sessionLookup.signedInUser(c.req.raw.headers))?.id ?? null)
      : null,
  );
  /** better-auth's answer, or our error answer when it failed. */
  const handle = async (c: Context<AppEnv>, request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c));
    const response = await auth.handler(new Request(request, { headers }));
    // better-auth answers a failed database with a 500 (or a 401, when a session lookup failed);
    // whether the database is the cause is asked of the database itself.
    if ((response.status >= 500 || response.status === 401) && !(await isDatabaseReachable(db))) return serviceUnavailableResponse(c);
    if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json')) return response;
    const body = await response.json().catch(() => ({}));
    return errorResponse(c, mapAuthProviderError(response.status, body));
  };

  const router = createRouter();
  router.use('*', authRateLimit(limits, clientAddress), passwordChecks, passwordRules());
  return router
    .openapi(bearerSignIn, async (c) => {
      // The e-mail sign-in itself, as a request of its own: it sets no cookie (its token is the
      // answer), so nothing about it can be forged across sites, and better-auth's browser
      // checks (Origin, Fetch Metadata) have nothing to protect.
      const headers = new Headers({ 'content-type': 'application/json' });
      const userAgent = c.req.header('user-agent');
      if (userAgent) headers.set('user-agent', userAgent);
      const signIn = new Request(new URL('/api/auth/sign-in/email', c.req.url), {
        method: 'POST',
        headers,
        body: JSON.stringify(c.req.valid('json')),
      });
      const response = await handle(c, signIn);
      if (!response.ok) return response;
      const token = response.headers.get(BEARER_TOKEN_HEADER);
      if (!token) throw new Error('the e-mail sign-in answered without a bearer token (is the bearer plugin on?)');
      const { user } = (await response.json()) as { user: { id: string; email: string } };
      return c.json({ token, user: { id: user.id, email: user.email } }, 200);
    })
    .openapi(passwordResetRequest, (c) => {
      // Answered first, alike for every address: looking the address up, writing the token and
      // queueing the mail happen after, so no answer's time tells whether an account exists. The
      // limits above have already counted the request (and answered 503 if the database is down).
      const { email } = c.req.valid('json');
      auth.api
        .requestPasswordReset({ body: { email } })
        .catch((error: unknown) => logger.error({ err: error }, 'a password reset could not be prepared'));
      return c.json(RESET_REQUESTED, 200);
    })
    .on(['GET', 'POST'], '*', async (c) => withoutSessionTokens(await handle(c, c.req.raw)));
}

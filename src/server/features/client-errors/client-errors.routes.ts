import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientErrorReportSchema } from '@shared/client-errors';
import { AppError, TOO_MANY_REQUESTS_MESSAGE } from '@shared/errors';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimitStore } from '../../db/rate-limits';
import { clientAddressResolver } from '../../lib/client-address';
import { errorResponse } from '../../lib/http-errors';
import { createRouter } from '../../lib/openapi';
import { exceededLimitWait, tooManyRequests } from '../../lib/request-limits';

/**
 * Our self-hosted stand-in for the spec's error-reporting service: the web client posts errors it
 * could not handle (500 and above, never aborted requests or time-outs) and they land in the
 * structured log next to the request that caused them. Anyone may post, so reports are small and
 * few: a body over CLIENT_ERROR_BODY_LIMIT_BYTES is refused unread, and an address or a signed-in
 * user past CLIENT_ERROR_LIMITS is answered 429 and not logged. They are logged as warnings: a
 * report says what a browser saw, which is not in itself an error of the server's.
 */

/** The largest report: its fields' own limits (2,000 characters of message and path) in UTF-8, with room for JSON. */
export const CLIENT_ERROR_BODY_LIMIT_BYTES = 16 * 1024;

/** Reports a minute: a page that fails keeps well within these; a flood does not. */
export const CLIENT_ERROR_LIMITS = { windowSeconds: 60, perAddress: 30, perUser: 10 };

export function clientErrorRoutes(deps: AppDeps) {
  const store = rateLimitStore(deps.db);
  const clientAddress = clientAddressResolver(deps.config.trustProxy);
  // Counted before the body is read: a refused flood costs one statement per report.
  const limited: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { windowSeconds, perAddress, perUser } = CLIENT_ERROR_LIMITS;
    const user = await deps.sessionLookup.signedInUser(c.req.raw.headers);
    const wait = await exceededLimitWait(store, [
      { key: `${clientAddress(c)}|client-errors`, windowSeconds, max: perAddress },
      ...(user ? [{ key: `user:${user.id}|client-errors`, windowSeconds, max: perUser }] : []),
    ]);
    if (wait !== null) return tooManyRequests(c, wait, TOO_MANY_REQUESTS_MESSAGE);
    return next();
  };
  const small = bodyLimit({
    maxSize: CLIENT_ERROR_BODY_LIMIT_BYTES,
    onError: (c) => {
      c.header('Connection', 'close');
      return errorResponse(c, new AppError('BAD_REQUEST', 'Request body is too large', { status: 413 }));
    },
  });

  const postClientError = createRoute({
    method: 'post',
    path: '/',
    summary: 'Report an error seen in the web client',
    description: `At most ${CLIENT_ERROR_LIMITS.perAddress} reports a minute from one address and ${CLIENT_ERROR_LIMITS.perUser} from one signed-in user; a body over ${CLIENT_ERROR_BODY_LIMIT_BYTES} bytes is refused with 413.`,
    middleware: [limited, small],
    request: {
      body: { required: true, content: { 'application/json': { schema: clientErrorReportSchema.meta({ id: 'ClientErrorReport' }) } } },
    },
    responses: {
      202: { description: 'Recorded' },
      413: { description: 'BAD_REQUEST: the report is too large' },
      429: { description: 'RATE_LIMIT_EXCEEDED' },
    },
  });

  return createRouter().openapi(postClientError, (c) => {
    const report = c.req.valid('json');
    c.get('logger').warn({ clientError: report, userAgent: c.req.header('user-agent')?.slice(0, 300) }, 'client error');
    return c.body(null, 202);
  });
}

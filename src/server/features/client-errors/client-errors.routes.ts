import { createRoute } from '@hono/zod-openapi';
import { clientErrorReportSchema } from '@shared/client-errors';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';

/**
 * Our self-hosted stand-in for the spec's error-reporting service: the web client posts errors it
 * could not handle (500 and above, never aborted requests or time-outs) and they land in the
 * structured log next to the request that caused them.
 */

const postClientError = createRoute({
  method: 'post',
  path: '/',
  summary: 'Report an error seen in the web client',
  request: { body: { required: true, content: { 'application/json': { schema: clientErrorReportSchema.meta({ id: 'ClientErrorReport' }) } } } },
  responses: { 202: { description: 'Recorded' } },
});

export function clientErrorRoutes(_deps: AppDeps) {
  return createRouter().openapi(postClientError, (c) => {
    const report = c.req.valid('json');
    c.get('logger').error({ clientError: report, userAgent: c.req.header('user-agent') }, 'client error');
    return c.body(null, 202);
  });
}

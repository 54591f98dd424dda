import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { checkDatabase } from '../../db/client';

const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') }).openapi('Health');
const unhealthySchema = z.object({ status: z.literal('error'), database: z.literal('unreachable') }).openapi('Unhealthy');

const getHealth = createRoute({
  method: 'get',
  path: '/',
  summary: 'Liveness and database check',
  responses: {
    200: { description: 'Serving, database reachable', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: unhealthySchema } } },
  },
});

export function healthRoutes({ db, logger }: AppDeps) {
  return createRouter().openapi(getHealth, async (c) => {
    try {
      await checkDatabase(db);
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    } catch (error) {
      logger.error({ err: error }, 'health check: database unreachable');
      return c.json({ status: 'error' as const, database: 'unreachable' as const }, 503);
    }
  });
}

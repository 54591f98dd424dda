import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { checkDatabase } from '../../db/client';

/** A hosted model the start-up check found missing (or could not check): the server is degraded. */
const modelProblemSchema = z.object({ variable: z.string(), model: z.string(), problem: z.enum(['not-found', 'unchecked']), detail: z.string() });
const healthSchema = z
  .object({ status: z.enum(['ok', 'degraded']), database: z.literal('ok'), models: z.array(modelProblemSchema).optional() })
  .openapi('Health');
const unhealthySchema = z.object({ status: z.literal('error'), database: z.literal('unreachable') }).openapi('Unhealthy');

const getHealth = createRoute({
  method: 'get',
  path: '/',
  summary: 'Liveness, database and hosted-model check',
  responses: {
    200: { description: 'Serving, database reachable; degraded when a configured hosted model is missing', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: unhealthySchema } } },
  },
});

export function healthRoutes({ db, logger, generation }: AppDeps) {
  return createRouter().openapi(getHealth, async (c) => {
    try {
      await checkDatabase(db);
    } catch (error) {
      logger.error({ err: error }, 'health check: database unreachable');
      return c.json({ status: 'error' as const, database: 'unreachable' as const }, 503);
    }
    const models = generation.modelProblems;
    if (models.length > 0) return c.json({ status: 'degraded' as const, database: 'ok' as const, models }, 200);
    return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
  });
}

import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { checkDatabase, migrationsApplied } from '../../db/client';
import { checkStorage } from './readiness';

/** What the start-up check found wrong with an engine (a model, node or server; or a hosted model it could not ask about): the server is degraded. */
const modelProblemSchema = z.object({
  variable: z.string(),
  model: z.string(),
  problem: z.enum(['not-found', 'unchecked', 'unreachable', 'unauthorized', 'missing-node']),
  detail: z.string(),
});
const healthSchema = z
  .object({ status: z.enum(['ok', 'degraded']), database: z.literal('ok'), models: z.array(modelProblemSchema).optional() })
  .openapi('Health');
const unhealthySchema = z.object({ status: z.literal('error'), database: z.literal('unreachable') }).openapi('Unhealthy');
const liveSchema = z.object({ status: z.literal('ok') }).openapi('Liveness');
const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not-ready']),
    /** True from SIGTERM on: the load balancer should stop sending requests here. */
    draining: z.boolean(),
    database: z.enum(['ok', 'unreachable']),
    storage: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
  })
  .openapi('Readiness');

const getHealth = createRoute({
  method: 'get',
  path: '/',
  summary: 'Liveness, database and image-engine check',
  responses: {
    200: {
      description: "Serving, database reachable; degraded when an engine's model, node or server is missing",
      content: { 'application/json': { schema: healthSchema } },
    },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: unhealthySchema } } },
  },
});

const getLive = createRoute({
  method: 'get',
  path: '/live',
  summary: 'Liveness probe: the process is up and serving HTTP (checks nothing else, so a database outage never restarts it)',
  responses: { 200: { description: 'Up', content: { 'application/json': { schema: liveSchema } } } },
});

const getReady = createRoute({
  method: 'get',
  path: '/ready',
  summary: 'Readiness probe: database and storage reachable, migrations applied, not shutting down',
  responses: {
    200: { description: 'Ready for traffic', content: { 'application/json': { schema: readinessSchema } } },
    503: {
      description: 'Not ready: shutting down (draining), or a dependency is unreachable, or migrations are missing',
      content: { 'application/json': { schema: readinessSchema } },
    },
  },
});

export interface HealthRoutesOptions {
  /** True once SIGTERM arrived: readiness answers 503 while requests are still served. */
  isDraining?: (() => boolean) | undefined;
}

export function healthRoutes({ db, logger, generation, storage }: AppDeps, options: HealthRoutesOptions = {}) {
  return createRouter()
    .openapi(getHealth, async (c) => {
      try {
        await checkDatabase(db);
      } catch (error) {
        logger.error({ err: error }, 'health check: database unreachable');
        return c.json({ status: 'error' as const, database: 'unreachable' as const }, 503);
      }
      const models = generation.modelProblems;
      if (models.length > 0) return c.json({ status: 'degraded' as const, database: 'ok' as const, models }, 200);
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    })
    .openapi(getLive, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(getReady, async (c) => {
      const draining = options.isDraining?.() ?? false;
      const [database, migrations, storageState] = await Promise.all([
        checkDatabase(db).then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        ),
        migrationsApplied(db).then(
          (applied) => (applied ? ('ok' as const) : ('pending' as const)),
          () => 'unknown' as const,
        ),
        checkStorage(storage).then(
          () => 'ok' as const,
          (error: unknown) => {
            logger.warn({ err: error }, 'readiness: storage unreachable');
            return 'unreachable' as const;
          },
        ),
      ]);
      const ready = !draining && database === 'ok' && migrations === 'ok' && storageState === 'ok';
      c.header('Cache-Control', 'no-store');
      return c.json(
        { status: ready ? ('ready' as const) : ('not-ready' as const), draining, database, storage: storageState, migrations },
        ready ? 200 : 503,
      );
    });
}

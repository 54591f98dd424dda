import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { metricsAccess } from './metrics-access';

/**
 * GET /metrics: the Prometheus text format, outside /api (it is for the operator's scraper, not
 * the product's client). `behindProxy`: the API behind TRUST_PROXY; a worker's own port has none.
 */
export function metricsRoutes({ config, metrics }: Pick<AppDeps, 'config' | 'metrics'>, options: { behindProxy: boolean }) {
  return new Hono<AppEnv>().get('/', metricsAccess(config.metricsToken, options), async (c) => {
    const body = await metrics.render();
    c.header('Cache-Control', 'no-store');
    return c.body(body, 200, { 'Content-Type': metrics.contentType });
  });
}

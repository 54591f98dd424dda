import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { metricsRoutes } from './features/metrics/metrics.routes';

/**
 * `npm run worker` has no API, but its generations are its own to count: with WORKER_METRICS_PORT
 * it serves GET /metrics (and nothing else) under the same access rule as the API's.
 */
export function serveWorkerMetrics(deps: AppDeps, hostname: string, port: number): Promise<{ url: string; close(): void }> {
  // A worker's port is its own: no proxy stands before it, whatever TRUST_PROXY says of the API's.
  const app = new Hono<AppEnv>().route('/metrics', metricsRoutes(deps, { behindProxy: false }));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname, port }, () =>
      resolve({ url: `http://${hostname}:${port}/metrics`, close: () => server.close() }),
    );
    server.once('error', reject);
  });
}

import { setMaxListeners } from 'node:events';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { AppDeps } from './context';
import type { AppConfig } from './lib/env';
import { SHARED_TEST_SERVER_WARNING } from './lib/exposure';
import { createInFlightRequests } from './lib/in-flight-requests';
import type { Logger } from './lib/logger';
import { startRuntime, type RuntimeOptions } from './runtime';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  /**
   * Stops: the readiness probe answers 503 at once, requests are still served for
   * SHUTDOWN_DRAIN_SECONDS (the load balancer takes that long to notice), then the server stops
   * accepting, lets in-flight requests finish (their handlers too, when their clients have gone),
   * and stops workers and the database.
   */
  stop(): Promise<void>;
}

/**
 * After the server closed, how long handlers whose clients have gone may still run before the
 * database closes under them (main.ts exits anyway 10 s after the drain). A query is cut at 4 s.
 */
const IN_FLIGHT_WAIT_MS = 6_000;

export interface StartServerOptions {
  config: AppConfig;
  logger: Logger;
  webDistDir?: string | undefined;
  jobPolicyOverrides?: RuntimeOptions['jobPolicyOverrides'];
}

/** Everything `npm start` runs, as one function the integration tests call too. */
export async function startServer({ config, logger, webDistDir, jobPolicyOverrides }: StartServerOptions): Promise<RunningServer> {
  if (config.sharedTestServer) logger.warn(SHARED_TEST_SERVER_WARNING);
  const runtime = await startRuntime(config, logger, { runWorkers: config.worker === 'inline', jobPolicyOverrides });
  try {
    let draining = false;
    let shuttingDown = false;
    const shutdown = new AbortController();
    // Every open event stream listens for shutdown; hundreds at once are expected, not a leak.
    setMaxListeners(0, shutdown.signal);
    const inFlight = createInFlightRequests();
    const app = createApp(runtime.deps, {
      webDistDir,
      isShuttingDown: () => shuttingDown,
      isDraining: () => draining,
      shutdownSignal: shutdown.signal,
      inFlight,
    });
    const server = await listen(app.fetch, config.host, config.port);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        draining = true;
        if (config.shutdownDrainSeconds > 0) {
          logger.info({ seconds: config.shutdownDrainSeconds }, 'draining: the readiness probe answers 503; still serving');
          await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
        }
        shuttingDown = true;
        shutdown.abort();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        // Event streams end on the abort above and leave their keep-alive connections idle only
        // then; without closing those too, stopping would wait for their keep-alive time-out.
        const sweep = 'closeIdleConnections' in server ? setInterval(() => server.closeIdleConnections(), 50) : undefined;
        await closed;
        clearInterval(sweep);
        // The server is closed once its connections are, but a handler whose client left goes on;
        // closing the pool under it would fail its next query with a 500.
        if (!(await inFlight.idle(IN_FLIGHT_WAIT_MS)))
          logger.warn({ running: inFlight.count }, 'handlers still running after the wait; stopping the database under them');
        await runtime.stop();
      })());
    return { url, port, deps: runtime.deps, stop };
  } catch (error) {
    await runtime.stop();
    throw error;
  }
}

function listen(fetch: Parameters<typeof serve>[0]['fetch'], hostname: string, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname, port }, () => resolve(server));
    server.once('error', reject);
  });
}

import 'dotenv/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from './lib/env';
import { exitOnStartFailure } from './lib/start-failure';
import { createLogger } from './lib/logger';
import { startServer } from './start-server';

/** Graceful shutdown: after the drain (SHUTDOWN_DRAIN_SECONDS), in-flight requests get this long to finish before we exit anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfigOrExit();

const logger = createLogger(config.logLevel);
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDistDir = process.env.SERVE_WEB === 'false' ? undefined : path.resolve(projectRoot, process.env.WEB_DIST_DIR ?? 'dist/web');

const server = await startServer({ config, logger, webDistDir }).catch((error: unknown) => exitOnStartFailure(logger, error));

logger.info({ url: config.appUrl, listening: server.url }, `${config.appName} is ready at ${config.appUrl}`);

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: not ready any more, then finishing in-flight requests');
    const force = setTimeout(
      () => {
        logger.warn('in-flight requests did not finish in time; exiting');
        process.exit(1);
      },
      config.shutdownDrainSeconds * 1000 + SHUTDOWN_GRACE_MS,
    );
    force.unref();
    server.stop().then(
      () => {
        logger.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  });
}

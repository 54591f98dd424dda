import 'dotenv/config';
import { loadConfigOrExit } from './lib/env';
import { exitOnStartFailure } from './lib/start-failure';
import { createLogger } from './lib/logger';
import { startRuntime } from './runtime';
import { serveWorkerMetrics } from './worker-metrics';

/**
 * `npm run worker`: job workers without HTTP, for running API and workers as separate processes
 * (set WORKER=off on the API processes). Needs DATABASE_URL shared with the API.
 */
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
if (!config.databaseUrl) {
  logger.fatal('npm run worker needs DATABASE_URL: the embedded Postgres belongs to the API process');
  process.exit(1);
}
const runtime = await startRuntime(config, logger, { runWorkers: true }).catch((error: unknown) => exitOnStartFailure(logger, error));
const metricsServer = config.workerMetricsPort ? await serveWorkerMetrics(runtime.deps, config.host, config.workerMetricsPort) : undefined;
logger.info({ metrics: metricsServer?.url }, 'worker is running');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'worker stopping: finishing running jobs');
    metricsServer?.close();
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

import { ConfigError } from './env';
import type { Logger } from './logger';

/**
 * For the process entry points, when starting failed: a configuration found wrong at start (a
 * hosted model that does not exist) is one message, as at loading; anything else is logged.
 */
export function exitOnStartFailure(logger: Logger, error: unknown): never {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else logger.fatal({ err: error }, 'could not start');
  process.exit(1);
}

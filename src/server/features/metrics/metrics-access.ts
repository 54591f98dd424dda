import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '@shared/errors';
import type { AppEnv } from '../../context';
import { errorResponse } from '../../lib/http-errors';

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever our socket sees. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends it as a Bearer token, from anywhere.
 * Without: only a client on this machine, and only one that did not come through a proxy — a
 * reverse proxy on the same machine would otherwise make every visitor look local.
 */
export function metricsAccess(token: string | undefined): MiddlewareHandler<AppEnv> {
  const expected = token ? digest(token) : undefined;
  return async (c, next) => {
    if (expected) {
      const sent = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
      if (!sent || !timingSafeEqual(digest(sent), expected)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return errorResponse(c, new AppError('UNAUTHORIZED', 'Metrics need METRICS_TOKEN as a Bearer token'));
      }
      return next();
    }
    if (!isDirectLoopback(c)) return errorResponse(c, new AppError('FORBIDDEN', 'Metrics are readable only from this machine unless METRICS_TOKEN is set'));
    return next();
  };
}

function isDirectLoopback(c: Context<AppEnv>): boolean {
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}

/** Equal-length values for a constant-time comparison, whatever length was sent. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

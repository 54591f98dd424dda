import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '@shared/errors';
import type { AppEnv } from '../../context';
import { errorResponse } from '../../lib/http-errors';

/**
 * Headers that proxies, load balancers and CDNs add: a request carrying any one of them came from
 * elsewhere, whatever our socket sees. Every `X-Forwarded-*` counts, as does any header in this list.
 */
export const PROXY_HEADERS: readonly string[] = [
  'forwarded',
  'forwarded-for',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'cf-ray',
  'true-client-ip',
  'fastly-client-ip',
  'akamai-origin-hop',
  'cdn-loop',
  'x-envoy-external-address',
  'x-azure-clientip',
  'x-azure-socketip',
  'x-appengine-user-ip',
];
const PROXY_HEADER_PREFIXES = ['x-forwarded'];

function cameThroughProxy(headers: Headers): boolean {
  for (const name of headers.keys())
    if (PROXY_HEADERS.includes(name) || PROXY_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  return false;
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends it as a Bearer token, from anywhere.
 * Without: only a client on this machine that did not come through a proxy — a reverse proxy on
 * the same machine would otherwise make every visitor look local. A request with any proxy header
 * is refused; so is every request when the server is told it sits behind a proxy (`behindProxy`,
 * TRUST_PROXY), because a proxy that adds no header at all cannot be told from a local client.
 */
export function metricsAccess(token: string | undefined, options: { behindProxy?: boolean } = {}): MiddlewareHandler<AppEnv> {
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
    if (options.behindProxy || !isDirectLoopback(c))
      return errorResponse(c, new AppError('FORBIDDEN', 'Metrics are readable only from this machine unless METRICS_TOKEN is set'));
    return next();
  };
}

function isDirectLoopback(c: Context<AppEnv>): boolean {
  if (cameThroughProxy(c.req.raw.headers)) return false;
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

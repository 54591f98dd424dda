import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address, for the per-address limits (sign-in, password checks, error reports). By
 * default it is what our socket sees: headers such as X-Forwarded-For could be sent by anyone to
 * dodge the limits. Behind a reverse proxy (TRUST_PROXY=true) every request arrives from the
 * proxy, so the address the proxy appended last to X-Forwarded-For is used instead.
 */
export function clientAddressResolver(trustProxy: boolean): (c: Context) => string {
  return (c) => {
    if (trustProxy) {
      const forwarded = c.req
        .header('x-forwarded-for')
        ?.split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const last = forwarded?.at(-1);
      if (last) return last;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };
}

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address as our socket sees it. Headers such as X-Forwarded-For are not trusted:
 * anyone could send them to dodge the sign-in limits.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

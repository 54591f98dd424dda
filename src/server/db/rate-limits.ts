import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A fixed-window counter in the database, shared by every API instance. One statement counts the
 * request and tells whether it is over the limit, so concurrent requests cannot slip past a stale
 * read.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const result = await db.execute<{ count: number; last_request: string }>(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const row = result.rows[0]!;
  const count = Number(row.count);
  const startedAt = Number(row.last_request);
  return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil((startedAt + windowSeconds * 1000 - now) / 1000)) };
}

/** The counter as middleware takes it (lib/user-rate-limit.ts), bound to this database. */
export function rateLimitStore(db: Db) {
  return { consume: (key: string, windowSeconds: number, max: number) => consumeRateLimit(db, key, windowSeconds, max) };
}

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

/** "Last seen" is shown to the minute it matters (the operator console): within this, it is not written again. */
export const LAST_SEEN_RESOLUTION_SECONDS = 300;
/** Users this process remembers having written; past it the memory starts again (one write each, at most). */
const MAX_REMEMBERED_USERS = 50_000;

/**
 * Records that a signed-in user made a request: one UPDATE per user every few minutes per process,
 * and none while the row already says so (another process wrote it), so the signed-in reads stay
 * one statement nearly always (decision 019).
 */
export function createLastSeenRecorder(db: Db, resolutionSeconds = LAST_SEEN_RESOLUTION_SECONDS): (userId: string) => Promise<void> {
  const writtenAt = new Map<string, number>();
  return async (userId) => {
    const now = Date.now();
    const last = writtenAt.get(userId);
    if (last !== undefined && now - last < resolutionSeconds * 1000) return;
    if (writtenAt.size >= MAX_REMEMBERED_USERS) writtenAt.clear();
    writtenAt.set(userId, now);
    await db
      .update(user)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(user.id, userId),
          or(isNull(user.lastSeenAt), lt(user.lastSeenAt, sql`now() - make_interval(secs => ${resolutionSeconds})`)),
        ),
      );
  };
}

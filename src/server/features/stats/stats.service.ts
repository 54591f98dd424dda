import type { Stats } from '@shared/stats';

/** The landing page is the busiest public page; its counters may be a minute old. */
export const STATS_CACHE_TTL_MS = 60_000;

export interface StatsService {
  getStats(): Promise<Stats>;
}

export interface StatsServiceOptions {
  countImagesAndUsers: () => Promise<Stats>;
  ttlMs?: number;
  now?: () => number;
  /** Told when a refresh failed and the previous counts were served instead. */
  onStaleServed?: (error: unknown) => void;
}

/**
 * Keeps the counts in memory for the TTL. Concurrent callers during a refresh share one query,
 * so a burst of landing-page visits costs the database one pair of counts per minute. When a
 * refresh fails, the last known counts are better for the landing page than an error.
 */
export function createStatsService({
  countImagesAndUsers,
  ttlMs = STATS_CACHE_TTL_MS,
  now = Date.now,
  onStaleServed,
}: StatsServiceOptions): StatsService {
  let cached: { value: Stats; expiresAt: number } | undefined;
  let refreshing: Promise<Stats> | undefined;

  return {
    async getStats() {
      if (cached && now() < cached.expiresAt) return cached.value;
      refreshing ??= countImagesAndUsers()
        .then((value) => {
          cached = { value, expiresAt: now() + ttlMs };
          return value;
        })
        .catch((error: unknown) => {
          if (!cached) throw error;
          onStaleServed?.(error);
          return cached.value;
        })
        .finally(() => {
          refreshing = undefined;
        });
      return refreshing;
    },
  };
}

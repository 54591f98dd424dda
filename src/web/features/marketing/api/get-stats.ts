import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@shared/stats';
import { publicApi } from '@web/lib/api-client';

/** GET /api/stats: public counters of generated images and users (no session needed). */
export async function getStats(): Promise<Stats> {
  const response = await publicApi.stats.$get();
  return response.json();
}

export const statsQuery = queryOptions({
  queryKey: ['marketing', 'stats'],
  queryFn: getStats,
  // The server caches the counts for a minute; asking more often shows nothing new.
  staleTime: 60_000,
});

export function useStats() {
  return useQuery(statsQuery);
}

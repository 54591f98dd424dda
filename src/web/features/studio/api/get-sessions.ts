import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSummary } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

export async function getSessions(): Promise<SessionSummary[]> {
  const response = await api.sessions.$get();
  return (await response.json()).sessions;
}

/** Spec section 7 (caching): the session list is deduplicated for 2 s and refetched on focus and reconnect. */
export const sessionsQuery = queryOptions({
  queryKey: studioKeys.sessions,
  queryFn: getSessions,
  staleTime: 2_000,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

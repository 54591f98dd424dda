import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionsListSchema, type SessionSummary } from '@shared/studio';
import { apiFetch } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

export async function getSessions(): Promise<SessionSummary[]> {
  const response = await apiFetch('/api/sessions');
  return sessionsListSchema.parse(await response.json()).sessions;
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

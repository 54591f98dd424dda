import { useQuery } from '@tanstack/react-query';
import type { WorkingSessions } from '@shared/reply-progress';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

/** While a reply is being made somewhere, the list is asked again this often (and not at all otherwise). */
export const WORKING_POLL_MS = 4_000;

export async function getWorkingSessions(): Promise<WorkingSessions> {
  const response = await api.replies.working.$get();
  return response.json();
}

/** The user's sessions with a reply being made; asked again only while there are some. */
export function useWorkingSessions(enabled = true) {
  return useQuery({
    queryKey: studioKeys.workingSessions,
    queryFn: getWorkingSessions,
    enabled,
    staleTime: 2_000,
    refetchInterval: (query) => ((query.state.data?.sessions.length ?? 0) > 0 ? WORKING_POLL_MS : false),
  });
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SessionsPage } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

export async function searchSessionsPage(text: string, cursor: string | undefined): Promise<SessionsPage> {
  const response = await api.sessions.$get({ query: cursor === undefined ? { q: text } : { q: text, cursor } });
  return response.json();
}

/**
 * The sessions whose title or messages contain `text`, a page at a time like the list itself.
 * Its key starts with the list's, so whatever refreshes the list (a rename, a delete, a new
 * message) refreshes the results too.
 */
export const sessionSearchQuery = (text: string) =>
  infiniteQueryOptions({
    queryKey: [...studioKeys.sessions, 'search', text] as const,
    queryFn: ({ pageParam }) => searchSessionsPage(text, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 2_000,
  });

/** Search results while `text` is not blank; otherwise nothing is fetched. */
export function useSessionSearch(text: string) {
  return useInfiniteQuery({ ...sessionSearchQuery(text), enabled: text !== '' });
}

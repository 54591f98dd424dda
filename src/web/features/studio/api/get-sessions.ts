import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { SessionsPage, SessionSummary } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

export async function getSessionsPage(cursor: string | undefined): Promise<SessionsPage> {
  const response = await api.sessions.$get({ query: cursor === undefined ? {} : { cursor } });
  return response.json();
}

/**
 * Spec section 7 (caching): the session list is deduplicated for 2 s and refetched on focus and
 * reconnect. It comes a page at a time (the server's keyset pages); the list asks for
 * the next page as its end scrolls into view.
 */
export const sessionsQuery = infiniteQueryOptions({
  queryKey: studioKeys.sessions,
  queryFn: ({ pageParam }) => getSessionsPage(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.next_cursor ?? undefined,
  staleTime: 2_000,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
});

export function useSessions() {
  return useInfiniteQuery(sessionsQuery);
}

/** Every session loaded so far, in order. */
export function sessionsOf(data: InfiniteData<SessionsPage> | undefined): SessionSummary[] {
  return data?.pages.flatMap((page) => page.sessions) ?? [];
}

/** The loaded pages with `change` applied to each page's sessions (optimistic updates). */
export function mapLoadedSessions(
  data: InfiniteData<SessionsPage, string | undefined> | undefined,
  change: (sessions: SessionSummary[]) => SessionSummary[],
): InfiniteData<SessionsPage, string | undefined> | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, sessions: change(page.sessions) })) };
}

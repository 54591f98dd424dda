import type { QueryClient } from '@tanstack/react-query';
import { setAuthProvider } from '@web/lib/api-client';
import type { Profile } from '@shared/profile';
import { meQuery, meQueryKey } from './api/get-me';

/**
 * Connects the API client to the session: calls that need a user fail as 'No authentication
 * token available' when the cached profile says nobody is signed in, without a round trip.
 * The browser itself sends the HttpOnly cookie.
 */
export function connectSessionToApiClient(queryClient: QueryClient): void {
  setAuthProvider(async () => {
    const me = queryClient.getQueryData<Profile | null>(meQueryKey) ?? (await queryClient.fetchQuery(meQuery));
    return me ? { kind: 'cookie' } : null;
  });
}

/** After sign-in, sign-out or a profile change: every user-scoped cache starts over. */
export async function resetSessionCaches(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-config' });
  await queryClient.fetchQuery(meQuery);
}

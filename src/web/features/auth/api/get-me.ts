import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAppError } from '@shared/errors';
import type { Profile } from '@shared/profile';
import { publicApi } from '@web/lib/api-client';

/**
 * The signed-in user, or null when signed out. The session cookie is HttpOnly, so asking the
 * server is the only way to know; a 401 here is an answer ("signed out"), not an error.
 */
export async function getMe(): Promise<Profile | null> {
  try {
    const response = await publicApi.me.$get();
    return await response.json();
  } catch (error) {
    if (isAppError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryKey = ['auth', 'me'] as const;

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: getMe,
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function useMe() {
  return useQuery(meQuery);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionDetail } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

export async function getSession(sessionId: string): Promise<SessionDetail> {
  const response = await api.sessions[':id'].$get({ param: { id: sessionId } });
  return response.json();
}

export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: studioKeys.session(sessionId),
    queryFn: () => getSession(sessionId),
    staleTime: 2_000,
    refetchOnWindowFocus: true,
  });

export function useSession(sessionId: string | undefined) {
  return useQuery({ ...sessionQuery(sessionId ?? ''), enabled: sessionId !== undefined });
}

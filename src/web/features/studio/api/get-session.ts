import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionDetailSchema, type SessionDetail } from '@shared/studio';
import { apiFetch } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

export async function getSession(sessionId: string): Promise<SessionDetail> {
  const response = await apiFetch(`/api/sessions/${encodeURIComponent(sessionId)}`);
  return sessionDetailSchema.parse(await response.json());
}

export const sessionQuery = (sessionId: string) =>
  queryOptions({ queryKey: studioKeys.session(sessionId), queryFn: () => getSession(sessionId), staleTime: 2_000, refetchOnWindowFocus: true });

export function useSession(sessionId: string | undefined) {
  return useQuery({ ...sessionQuery(sessionId ?? ''), enabled: sessionId !== undefined });
}

import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { SessionsPage } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { mapLoadedSessions } from './get-sessions';
import { sessionPagesFilter, studioKeys } from './query-keys';

export async function deleteSession(sessionId: string): Promise<void> {
  await api.sessions[':id'].$delete({ param: { id: sessionId } });
}

/**
 * Spec section 4: the session leaves the list at once; if the server refuses, a refetch brings
 * it back.
 */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onMutate: async (sessionId) => {
      await queryClient.cancelQueries({ queryKey: studioKeys.sessions });
      // The list and any search results: every query under the list's key holds pages of sessions.
      queryClient.setQueriesData<InfiniteData<SessionsPage, string | undefined>>(sessionPagesFilter, (data) =>
        mapLoadedSessions(data, (sessions) => sessions.filter((s) => s.id !== sessionId)),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: studioKeys.sessions }),
    onSuccess: (_result, sessionId) => {
      queryClient.removeQueries({ queryKey: studioKeys.session(sessionId) });
      queryClient.removeQueries({ queryKey: studioKeys.messages(sessionId) });
    },
  });
}

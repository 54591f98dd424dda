import { useMutation, useQueryClient, type InfiniteData, type Query } from '@tanstack/react-query';
import type { SessionsPage } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { mapLoadedSessions } from './get-sessions';
import { studioKeys } from './query-keys';

/** Whether a query under the list's key holds the list's pages (not, say, the working sessions). */
function holdsSessionPages(query: Query): boolean {
  const data = query.state.data as Partial<InfiniteData<unknown>> | undefined;
  return Array.isArray(data?.pages);
}

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
      // The list and any search results hold pages of sessions; other queries under the list's key
      // (which sessions are working) do not, and are left as they are rather than broken — a
      // throw here would fail the deletion before it is sent, and the refetch that follows would
      // bring the card back under the user's focus.
      queryClient.setQueriesData<InfiniteData<SessionsPage, string | undefined>>({ queryKey: studioKeys.sessions, predicate: holdsSessionPages }, (data) =>
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

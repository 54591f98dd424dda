import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { SessionsPage, SessionSummary } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { mapLoadedSessions } from './get-sessions';
import { studioKeys } from './query-keys';

export async function renameSession(sessionId: string, sessionName: string): Promise<SessionSummary> {
  const response = await api.sessions[':id'].$patch({ param: { id: sessionId }, json: { session_name: sessionName } });
  return response.json();
}

export function useRenameSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, sessionName }: { sessionId: string; sessionName: string }) => renameSession(sessionId, sessionName),
    onSuccess: (renamed) => {
      queryClient.setQueryData<InfiniteData<SessionsPage, string | undefined>>(studioKeys.sessions, (data) =>
        mapLoadedSessions(data, (sessions) =>
          sessions.map((s) => (s.id === renamed.id ? { ...s, session_name: renamed.session_name } : s)),
        ),
      );
      void queryClient.invalidateQueries({ queryKey: studioKeys.session(renamed.id) });
      // A new title may match a search it did not match before, or stop matching one.
      void queryClient.invalidateQueries({ queryKey: [...studioKeys.sessions, 'search'] });
    },
  });
}

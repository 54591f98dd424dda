import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

/**
 * Asks the AI to answer the session's latest message (POST /chat): the Retry of a message whose
 * reply was refused for lack of credit. Asking twice charges once.
 */
export async function startChat(sessionId: string): Promise<void> {
  await api.chat.$post({ json: { session_id: sessionId } });
}

/** Retry; answered or refused, the session's status is read again. */
export function useStartChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startChat,
    onSettled: (_result, _error, sessionId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.session(sessionId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.progress(sessionId) }),
      ]),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/**
 * Asks the AI to answer the session's latest message (spec section 7, POST /chat): the Retry of a
 * message whose reply was refused for lack of credit. Asking twice charges once.
 */
export async function startChat(sessionId: string): Promise<void> {
  await api.chat.$post({ json: { session_id: sessionId } });
}

export function useStartChat() {
  return useMutation({ mutationFn: startChat });
}

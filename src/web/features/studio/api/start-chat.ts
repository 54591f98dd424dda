import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { jsonBody } from './json';

/**
 * Asks the AI to answer the session's latest message (spec section 7, POST /chat): the Retry of a
 * message whose reply was refused for lack of credit. Asking twice charges once.
 */
export async function startChat(sessionId: string): Promise<void> {
  await apiFetch('/api/chat', jsonBody('POST', { session_id: sessionId }));
}

export function useStartChat() {
  return useMutation({ mutationFn: startChat });
}

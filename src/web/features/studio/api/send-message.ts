import { useMutation } from '@tanstack/react-query';
import type { SendMessageInput } from '@shared/studio';
import { api } from '@web/lib/api-client';

/**
 * Posts a message. With session_id 'new' the server creates the session, the message and its
 * attachments in one transaction and answers with the new session's id.
 */
export async function sendMessage(input: SendMessageInput) {
  const response = await api.messages.$post({ json: input });
  return response.json();
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}

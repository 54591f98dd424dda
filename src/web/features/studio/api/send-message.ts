import { useMutation } from '@tanstack/react-query';
import { sendMessageResultSchema, type SendMessageInput } from '@shared/studio';
import { apiFetch } from '@web/lib/api-client';
import { jsonBody } from './json';

/**
 * Posts a message. With session_id 'new' the server creates the session, the message and its
 * attachments in one transaction and answers with the new session's id.
 */
export async function sendMessage(input: SendMessageInput) {
  const response = await apiFetch('/api/messages', jsonBody('POST', input));
  return sendMessageResultSchema.parse(await response.json());
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}

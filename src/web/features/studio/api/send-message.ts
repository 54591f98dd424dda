import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMessageInput } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { mergeIntoConversation } from './get-messages';
import { studioKeys } from './query-keys';

/**
 * Posts a message. With session_id 'new' the server creates the session, the message and its
 * attachments in one transaction and answers with the new session's id.
 */
export async function sendMessage(input: SendMessageInput) {
  const response = await api.messages.$post({ json: input });
  return response.json();
}

/** Sends a message; the message joins its conversation, and the sessions list and the session's status are read again. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (result) => {
      mergeIntoConversation(queryClient, result.session_id, [result.message]);
      void queryClient.invalidateQueries({ queryKey: studioKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: studioKeys.session(result.session_id) });
    },
  });
}

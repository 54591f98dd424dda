import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

/** Records the version of a reply shown with the arrows (POST /chat/chosen-version): follow-ups edit it. */
export async function chooseVersion(input: { replyMessageId: string; version: number }): Promise<void> {
  await api.chat['chosen-version'].$post({ json: { reply_message_id: input.replyMessageId, version: input.version } });
}

/** The version chosen is kept on the reply held in the conversation of `sessionId`, as the server now has it. */
export function useChooseVersion(sessionId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseVersion,
    onSuccess: (_result, { replyMessageId, version }) => {
      if (!sessionId) return;
      queryClient.setQueryData<Message[]>(studioKeys.messages(sessionId), (held) =>
        held?.map((message) => (message.id === replyMessageId ? { ...message, chosen_version: version } : message)),
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

/** Asks again for a reply (POST /chat/variations): its next version, paid like the first. */
export async function requestVariation(replyMessageId: string): Promise<void> {
  await api.chat.variations.$post({ json: { reply_message_id: replyMessageId } });
}

/** Variations of a reply of `sessionId`; answered or refused, the session's status is read again. */
export function useRequestVariation(sessionId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVariation,
    onSettled: () =>
      sessionId
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: studioKeys.session(sessionId) }),
            queryClient.invalidateQueries({ queryKey: studioKeys.progress(sessionId) }),
          ])
        : undefined,
  });
}

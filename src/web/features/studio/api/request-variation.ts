import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** Asks again for a reply (POST /chat/variations): its next version, paid like the first. */
export async function requestVariation(replyMessageId: string): Promise<void> {
  await api.chat.variations.$post({ json: { reply_message_id: replyMessageId } });
}

export function useRequestVariation() {
  return useMutation({ mutationFn: requestVariation });
}

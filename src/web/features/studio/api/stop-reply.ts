import { useMutation } from '@tanstack/react-query';
import type { StopAnswer } from '@shared/reply-progress';
import { api } from '@web/lib/api-client';

/** Stop: the reply's making ends and its charge is refunded (or it had finished: then nothing changes). */
export async function stopReply(replyMessageId: string): Promise<StopAnswer> {
  const response = await api.replies.stop.$post({ json: { reply_message_id: replyMessageId } });
  return response.json();
}

export function useStopReply() {
  return useMutation({ mutationFn: stopReply });
}

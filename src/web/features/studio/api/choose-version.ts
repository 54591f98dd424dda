import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** Records the version of a reply shown with the arrows (POST /chat/chosen-version): follow-ups edit it. */
export async function chooseVersion(input: { replyMessageId: string; version: number }): Promise<void> {
  await api.chat['chosen-version'].$post({ json: { reply_message_id: input.replyMessageId, version: input.version } });
}

export function useChooseVersion() {
  return useMutation({ mutationFn: chooseVersion });
}

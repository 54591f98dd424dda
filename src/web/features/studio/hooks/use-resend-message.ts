import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useErrorText } from '@web/lib/server-text';
import { isAppError } from '@shared/errors';
import type { Message } from '@shared/studio';
import { mergeIntoConversation } from '../api/get-messages';
import { studioKeys } from '../api/query-keys';
import { useSendMessage } from '../api/send-message';
import type { GenerationChoice } from './use-generation-choice';

/**
 * 'Edit message': the edited text goes out as a new message (with the original's images) and asks
 * for its own reply. The original and what it was charged stay as they were. The same edit sent
 * twice (a double click, a lost answer) carries the same client id, so the server stores and
 * charges it once.
 */
export function useResendMessage(sessionId: string | undefined, choice: GenerationChoice, onCreditRefused: () => void) {
  const { t } = useTranslation('studio');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const send = useSendMessage();
  const pending = useRef<{ key: string; id: string } | null>(null);

  const resend = (original: Message, text: string, onSent: () => void) => {
    if (!sessionId) return;
    // The images the original carried, still kept: an expired one cannot be sent again.
    const fileIds = original.files.filter((file) => !file.expired).map((file) => file.id);
    const key = JSON.stringify([original.id, text, fileIds, choice]);
    if (pending.current?.key !== key) pending.current = { key, id: crypto.randomUUID() };
    send.mutate(
      {
        session_id: sessionId,
        content_text: text,
        file_ids: fileIds,
        request_reply: true,
        client_message_id: pending.current.id,
        engine: choice.engine,
        ...(choice.aspectRatio ? { aspect_ratio: choice.aspectRatio } : {}),
        ...(choice.imageCount ? { image_count: choice.imageCount } : {}),
      },
      {
        onSuccess: (result) => {
          pending.current = null;
          mergeIntoConversation(queryClient, result.session_id, [result.message]);
          void queryClient.invalidateQueries({ queryKey: studioKeys.session(result.session_id) });
          if (result.reply_error?.code === 'INSUFFICIENT_BALANCE') onCreditRefused();
          onSent();
        },
        onError: (error) => {
          if (isAppError(error) && (error.status === 402 || error.code === 'INSUFFICIENT_BALANCE')) onCreditRefused();
          else toast.error(t('chatUi.message.resendFailed', { message: errorText(error) }));
        },
      },
    );
  };

  return { resend, pending: send.isPending };
}

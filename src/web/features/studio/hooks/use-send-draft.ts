import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { engineRefusalSchema, type EngineRefusal } from '@shared/engines';
import { isAppError } from '@shared/errors';
import { paths } from '@shared/paths';
import { spendingLimitRefusalOf, type SpendingLimitRefusal } from '@shared/spending';
import { PAGE_PLACES_FOCUS } from '@web/lib/route-focus';
import { readConnectivity } from '@web/lib/use-connectivity';
import { useErrorText } from '@web/lib/server-text';
import { useSendMessage } from '../api/send-message';
import { imageLimitRefusalOf, imageLimitText } from '../lib/image-limit';
import type { Draft } from './use-draft';
import type { useGenerationChoice } from './use-generation-choice';

interface SendDraftOptions {
  sessionId: string | undefined;
  draft: Draft;
  generation: ReturnType<typeof useGenerationChoice>;
  /** Called when the server refused the reply for lack of credit (the message itself is stored). */
  onCreditRefused: () => void;
  /** Just before the message goes out: the user's own message is always followed. */
  onSending?: () => void;
  /** The mask of "Select area" for the edit target, sent with the message. */
  maskId?: string | null | undefined;
  /** The message is stored: what else the draft held goes (the selected area). */
  onStored?: () => void;
  /** The message is stored (on an existing session; a new chat's screen is replaced, see SENT_FIRST_MESSAGE). */
  onSent?: () => void;
}

/** Navigation state of the session a new chat's first message created: the new screen puts focus back in its composer. */
export const SENT_FIRST_MESSAGE = { sentFirstMessage: true, ...PAGE_PLACES_FOCUS } as const;

export function sentFirstMessage(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sentFirstMessage?: unknown }).sentFirstMessage === true;
}

/**
 * Sends the draft with its reply, in one request. Owns the message's idempotency key: pressing
 * Send again after a lost answer repeats the same message, which the server stores and charges
 * once; a changed draft, or a send that went through, starts afresh. The first message of a new
 * chat moves the screen to the session it created.
 */
export function useSendDraft({ sessionId, draft, generation, onCreditRefused, onSending, onSent, maskId, onStored }: SendDraftOptions) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const send = useSendMessage();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  // A send the chosen engine could not do: refused by the server before any charge.
  const [refusal, setRefusal] = useState<EngineRefusal | null>(null);
  // A send refused by the user's own spending limit: said with its figures and a link to change it.
  const [limit, setLimit] = useState<SpendingLimitRefusal | null>(null);

  const pending = useRef<{ key: string; id: string } | null>(null);
  const clientMessageIdFor = (key: string): string => {
    if (pending.current?.key !== key) pending.current = { key, id: crypto.randomUUID() };
    return pending.current.id;
  };

  const sendDraft = () => {
    // Refused, not queued: the draft stays, and nothing goes out (or is charged) behind the user's back.
    if (readConnectivity() === 'offline') {
      setError(t('session.offlineSendRefused'));
      return;
    }
    setError(null);
    setRefusal(null);
    setLimit(null);
    onSending?.();
    const { choice } = generation;
    const fileIds = draft.fileIds;
    const clientMessageId = clientMessageIdFor(JSON.stringify([sessionId ?? 'new', draft.text, fileIds, choice, maskId]));
    send.mutate(
      {
        session_id: sessionId ?? 'new',
        content_text: draft.text,
        file_ids: fileIds,
        request_reply: true,
        client_message_id: clientMessageId,
        engine: choice.engine,
        ...(choice.aspectRatio ? { aspect_ratio: choice.aspectRatio } : {}),
        ...(choice.imageCount ? { image_count: choice.imageCount } : {}),
        ...(maskId ? { mask_id: maskId } : {}),
      },
      {
        onSuccess: (result) => {
          pending.current = null;
          draft.clear();
          onStored?.();
          if (result.reply_error?.code === 'INSUFFICIENT_BALANCE') onCreditRefused();
          if (!sessionId) {
            generation.carryTo(result.session_id);
            void navigate(paths.session.getHref(result.session_id), { replace: true, state: SENT_FIRST_MESSAGE });
          } else onSent?.();
        },
        onError: (sendError) => {
          const spendingLimit = isAppError(sendError) ? spendingLimitRefusalOf(sendError.details) : null;
          if (spendingLimit) {
            setLimit(spendingLimit);
            return;
          }
          const engineRefusal = isAppError(sendError)
            ? engineRefusalSchema.safeParse((sendError.details as { refusal?: unknown } | undefined)?.refusal)
            : undefined;
          if (engineRefusal?.success) {
            setRefusal(engineRefusal.data);
            return;
          }
          // A request for more images than one message can make, refused before any charge: said in the user's language.
          const imageLimit = imageLimitRefusalOf(sendError);
          setError(imageLimit ? imageLimitText(t, imageLimit) : sendError.message ? errorText(sendError) : t('session.sendFailed'));
        },
      },
    );
  };

  return {
    sendDraft,
    isSending: send.isPending,
    error,
    refusal,
    limit,
    dismissRefusal: () => setRefusal(null),
  };
}

import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Message } from '@shared/studio';

/** The query parameter a link to one message of a chat carries (`paths.session.getHref(id, messageId)`). */
export const MESSAGE_PARAM = 'message';

/** The class that marks the linked message for a moment (see index.css; still, and until focus leaves, with reduced motion). */
const HIGHLIGHT_CLASS = 'message-highlight';

interface JumpTarget {
  sessionId: string | undefined;
  messages: Message[];
  scroller: RefObject<HTMLElement | null>;
  /** Fetches the page around the message unless it is held; rejects when it is not a message of the chat. */
  openAt: (messageId: string) => Promise<void>;
  /** Called just before the view moves to the message, so the list stops following its newest message. */
  stopFollowing: () => void;
}

/**
 * A link to one message of a chat (`?message=<id>`: a search result, a Library image's chat): the chat
 * is opened around that message, scrolled to it, and the message is highlighted and given focus, so
 * a keyboard or screen-reader user starts reading there.
 */
export function useJumpToMessage({ sessionId, messages, scroller, openAt, stopFollowing }: JumpTarget): void {
  const { t } = useTranslation('studio');
  const [searchParams] = useSearchParams();
  const target = searchParams.get(MESSAGE_PARAM);
  const key = sessionId && target ? `${sessionId}:${target}` : null;
  // Each link is followed once: later renders (new messages, older pages) leave the reader where they are.
  const requested = useRef<string | null>(null);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!key || !target || requested.current === key) return;
    requested.current = key;
    openAt(target).catch(() => {
      shown.current = key;
      toast.error(t('jump.notFound'));
    });
  }, [key, target, openAt, t]);

  const held = target !== null && messages.some((message) => message.id === target);
  // Before the frame is painted, after the list has been put at its end: the message is what the reader first sees.
  useLayoutEffect(() => {
    if (!key || !held || shown.current === key) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(target)}"]`);
    if (!element) return;
    shown.current = key;
    stopFollowing();
    element.scrollIntoView?.({ block: 'center' });
    element.tabIndex = -1;
    element.focus({ preventScroll: true });
    element.classList.add(HIGHLIGHT_CLASS);
    const unmark = () => element.classList.remove(HIGHLIGHT_CLASS);
    element.addEventListener('animationend', unmark, { once: true });
    element.addEventListener('blur', unmark, { once: true });
  });
}

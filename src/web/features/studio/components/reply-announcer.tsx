import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@shared/studio';
import { useServerText } from '@web/lib/server-text';

/**
 * Says each new reply once to screen readers, when it has finished: the message list itself is
 * not a live region, so switching a reply's versions or loading older messages reads nothing. The
 * replies already there when the screen opens are not announced.
 */
export function ReplyAnnouncer({ lastMessage }: { lastMessage: Message | undefined }) {
  const { t } = useTranslation('studio');
  const { word } = useServerText();
  const announced = useRef<Set<string> | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!lastMessage) return;
    const finished = lastMessage.role === 'system' && lastMessage.processing_status !== 'processing';
    if (announced.current === null) {
      // The conversation as it opened: nothing in it is new.
      announced.current = new Set(finished ? [lastMessage.id] : []);
      return;
    }
    if (!finished || announced.current.has(lastMessage.id)) return;
    announced.current.add(lastMessage.id);
    // A reply the server coded is said in the reader's language, as the bubble shows it.
    const text = (lastMessage.contentCodes ? word(lastMessage.contentCodes) : lastMessage.contentText).trim();
    setAnnouncement(text ? t('landmarks.newReply', { text }) : t('landmarks.newReplyNoText'));
  }, [lastMessage, t, word]);

  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="reply-announcer">
      {announcement}
    </div>
  );
}

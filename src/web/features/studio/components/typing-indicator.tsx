import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@shared/studio';
import { isAwaitingReply, typingWindowLeftMs } from '../lib/typing-indicator';

/** Three dots while a reply is expected (spec section 4); it hides itself when the 60 s window ends. */
export function TypingIndicator({ lastMessage, creditExhausted }: { lastMessage: Message | undefined; creditExhausted: boolean }) {
  const { t } = useTranslation('studio');
  // Only the expiry timer moves the clock: a message newer than `now` counts as just sent.
  const [now, setNow] = useState(() => Date.now());
  const visible = isAwaitingReply(lastMessage, now, creditExhausted);

  useEffect(() => {
    if (!lastMessage) return;
    const left = typingWindowLeftMs(lastMessage, Date.now());
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [lastMessage]);

  if (!visible) return null;
  return (
    <div role="status" aria-label={t('session.typing')} className="flex w-fit items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-4 py-3">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-2 animate-bounce rounded-full bg-muted-foreground" style={{ animationDelay: `${delay}ms` }} aria-hidden="true" />
      ))}
    </div>
  );
}

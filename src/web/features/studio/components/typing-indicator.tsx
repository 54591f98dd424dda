import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@shared/studio';
import { isAwaitingReply, typingWindowLeftMs } from '../lib/typing-indicator';

/** Three dots while a reply is expected, said once politely; it hides itself when the 60 s window ends. */
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

  // The live region stays mounted and gets its words when the dots appear: a region that appears
  // with its text already in it is often not read, and an aria-label alone is never read.
  return (
    <>
      <span role="status" className="sr-only">
        {visible ? t('session.typing') : ''}
      </span>
      {visible && (
        <div
          data-testid="typing-indicator"
          className="flex w-fit items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-4 py-3"
          aria-hidden="true"
        >
          {[0, 150, 300].map((delay) => (
            <span key={delay} className="size-2 animate-bounce rounded-full bg-muted-foreground" style={{ animationDelay: `${delay}ms` }} />
          ))}
        </div>
      )}
    </>
  );
}

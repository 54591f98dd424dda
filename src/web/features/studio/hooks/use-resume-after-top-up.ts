import { useEffect, useRef } from 'react';
import { AWAITING_CREDIT_STATUS, type Message } from '@shared/studio';
import { useBalance } from '@web/features/billing';

/** Whether the conversation ends with the user's request that was refused for lack of credit. */
export function awaitsCredit(lastMessage: Message | undefined): boolean {
  return lastMessage?.role === 'user' && lastMessage.processing_status === AWAITING_CREDIT_STATUS;
}

/**
 * A request waiting for credit resumes by itself: whenever the balance is seen to change (a
 * top-up landed: the balance is fetched on return from the top-up, on focus and every minute)
 * the reply is asked for again. The server keeps the waiting state on the message, so this holds
 * after a reload too; asking again for the same message is charged once, and still short of
 * credit it is refused again with nothing charged.
 */
export function useResumeAfterTopUp({
  lastMessage,
  resume,
  pending,
}: {
  lastMessage: Message | undefined;
  resume: () => void;
  pending: boolean;
}) {
  const waiting = awaitsCredit(lastMessage);
  const { data: balance } = useBalance({ enabled: waiting });
  const balanceKey = balance ? `${balance.balance}:${balance.freeGenerationsLeft}` : null;
  const triedAt = useRef<{ messageId: string; balanceKey: string } | null>(null);
  const resumeRef = useRef(resume);
  useEffect(() => {
    resumeRef.current = resume;
  });

  useEffect(() => {
    if (!waiting || pending || balanceKey === null || !lastMessage) return;
    const tried = triedAt.current;
    if (tried?.messageId === lastMessage.id && tried.balanceKey === balanceKey) return;
    // Nothing is known here of the balance at the refusal (it may have come before a reload), so
    // the first look at a waiting request tries once too; after that, only a changed balance does.
    triedAt.current = { messageId: lastMessage.id, balanceKey };
    resumeRef.current();
  }, [waiting, pending, balanceKey, lastMessage]);

  return { waiting };
}

import { TYPING_WINDOW_MS } from '@shared/constants';
import { AWAITING_CREDIT_STATUS, type Message } from '@shared/studio';

/**
 * The typing indicator: the AI is "typing" while the last message is younger
 * than 60 seconds and is either the user's (awaiting a reply) or a system message still
 * processing, unless the user ran out of credit (no reply is coming: the message awaits credit).
 */
export function isAwaitingReply(lastMessage: Message | undefined, now: number, creditExhausted: boolean): boolean {
  if (!lastMessage || creditExhausted) return false;
  const awaiting =
    (lastMessage.role === 'user' && lastMessage.processing_status !== AWAITING_CREDIT_STATUS) ||
    (lastMessage.role === 'system' && lastMessage.processing_status === 'processing');
  return awaiting && typingWindowLeftMs(lastMessage, now) > 0;
}

/** How long the indicator may still show for this message; 0 once the window has passed. */
export function typingWindowLeftMs(message: Message, now: number): number {
  const age = now - Date.parse(message.timestamp_created);
  return Number.isFinite(age) ? Math.max(0, TYPING_WINDOW_MS - Math.max(0, age)) : 0;
}

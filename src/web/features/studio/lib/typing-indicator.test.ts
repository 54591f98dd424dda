import { describe, expect, it } from 'vitest';
import { AWAITING_CREDIT_STATUS, type Message } from '@shared/studio';
import { isAwaitingReply, typingWindowLeftMs } from './typing-indicator';

const sentAt = Date.parse('2025-03-01T12:00:00.000Z');
const seconds = (n: number) => sentAt + n * 1000;

function message(role: Message['role'], processing_status: string | null = null): Message {
  return {
    id: 'm',
    session_id: 's',
    contentText: 'hi',
    timestamp_created: new Date(sentAt).toISOString(),
    updated_at: new Date(sentAt).toISOString(),
    parent_message_id: null,
    role,
    user_id: 'u',
    processing_status,
    intent_data: null,
    context_references: null,
    files: [],
    chosen_version: null,
    engine: null,
  };
}

describe('the typing indicator (60-second rule)', () => {
  it('does not show for a user message whose reply was refused for lack of credit (no reply is coming)', () => {
    expect(isAwaitingReply(message('user', AWAITING_CREDIT_STATUS), seconds(1), false)).toBe(false);
  });

  it('shows for a user message younger than 60 seconds, and not after', () => {
    expect(isAwaitingReply(message('user'), seconds(0), false)).toBe(true);
    expect(isAwaitingReply(message('user'), seconds(59), false)).toBe(true);
    expect(isAwaitingReply(message('user'), seconds(60), false)).toBe(false);
    expect(isAwaitingReply(message('user'), seconds(600), false)).toBe(false);
  });

  it('shows for a system message still processing, not for a finished one', () => {
    expect(isAwaitingReply(message('system', 'processing'), seconds(10), false)).toBe(true);
    expect(isAwaitingReply(message('system', 'completed'), seconds(10), false)).toBe(false);
    expect(isAwaitingReply(message('system'), seconds(10), false)).toBe(false);
  });

  it('never shows when credits are exhausted or there is no message', () => {
    expect(isAwaitingReply(message('user'), seconds(1), true)).toBe(false);
    expect(isAwaitingReply(undefined, seconds(1), false)).toBe(false);
  });

  it('counts a message stamped slightly in the future (clock skew) as just sent', () => {
    expect(typingWindowLeftMs(message('user'), seconds(-5))).toBe(60_000);
    expect(typingWindowLeftMs(message('user'), seconds(45))).toBe(15_000);
  });
});

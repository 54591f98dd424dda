// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AWAITING_CREDIT_STATUS, type Message } from '@shared/studio';
import { initI18n } from '@web/lib/i18n';
import { MessageBubble } from './message-bubble';

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

const userMessage = (processing_status: string | null): Message => ({
  id: 'm1',
  session_id: 's1',
  contentText: 'make 4 versions of a mountain lake',
  timestamp_created: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  parent_message_id: null,
  role: 'user',
  user_id: 'u1',
  processing_status,
  intent_data: null,
  context_references: null,
  files: [],
  chosen_version: null,
});

describe('a message whose reply was refused for lack of credit', () => {
  it('says so and offers Retry, which asks once per press and waits while pending', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<MessageBubble message={userMessage(AWAITING_CREDIT_STATUS)} onOpenImage={() => undefined} retry={{ onRetry, pending: false }} />);
    expect(screen.getByText('Not answered yet: your balance did not cover this request.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<MessageBubble message={userMessage(AWAITING_CREDIT_STATUS)} onOpenImage={() => undefined} retry={{ onRetry, pending: true }} />);
    expect((screen.getByRole('button', { name: 'Retrying…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no note and no Retry once answered, nor Retry on an older message', () => {
    render(<MessageBubble message={userMessage(null)} onOpenImage={() => undefined} retry={{ onRetry: () => undefined, pending: false }} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    cleanup();
    render(<MessageBubble message={userMessage(AWAITING_CREDIT_STATUS)} onOpenImage={() => undefined} />);
    expect(screen.getByText(/Not answered yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@shared/studio';
import { setAuthProvider } from '@web/lib/api-client';
import { messageAt } from '@test/shared/messages';
import { catchUpConversation, messagesQuery } from './get-messages';
import { studioKeys } from './query-keys';

const question = messageAt('q', '2025-01-01T10:00:00.000000Z', { contentText: 'mountains at sunset' });
const working: Message = {
  ...question,
  id: 'r',
  role: 'system',
  contentText: 'Working on your image…',
  processing_status: 'processing',
  timestamp_created: '2025-01-01T10:00:00.100000Z',
};
const finished: Message = {
  ...working,
  contentText: 'Here it is.',
  processing_status: 'completed',
  updated_at: '2025-01-01T10:00:03.000000Z',
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthProvider(() => null);
});

describe("the conversation's catch-up when the live stream is ready", () => {
  it('waits for a first fetch still under way, then reads again the reply it found processing', async () => {
    setAuthProvider(() => ({ kind: 'cookie' }));
    let answerFirstFetch!: () => void;
    const firstFetchAnswered = new Promise<void>((resolve) => (answerFirstFetch = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/sessions/s1/messages' && !url.searchParams.has('after')) {
        // The screen's first fetch read the reply while it was still being made.
        await firstFetchAnswered;
        return json({ messages: [question, working] });
      }
      if (url.pathname === '/api/sessions/s1/messages') return json({ messages: [] });
      if (url.pathname === '/api/messages/r') return json(finished);
      return new Response('{}', { status: 404 });
    });

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const firstFetch = queryClient.fetchQuery(messagesQuery(queryClient, 's1'));
    // "ready" arrives before the first fetch has answered; the reply finishes in between.
    const caughtUp = catchUpConversation(queryClient, 's1');
    answerFirstFetch();
    await Promise.all([firstFetch, caughtUp]);

    expect(queryClient.getQueryData<Message[]>(studioKeys.messages('s1'))).toEqual([question, finished]);
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STREAM_REOPEN_DELAY_MS, useSessionEvents } from './use-session-events';

/** A browser's EventSource whose server events the test sends; every one opened is kept. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string | URL) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

let queryClient: QueryClient;
function renderEvents() {
  const handlers = { onMessage: vi.fn(), onJobChanged: vi.fn(), onReady: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useSessionEvents('0f3a9c1e-77aa-4b0e-9d5e-0123456789ab', handlers), { wrapper });
  return { hook, handlers };
}
const latest = () => FakeEventSource.opened.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useSessionEvents when the server closes the stream', () => {
  it('stops the browser reconnecting at once, and reopens a hidden page only once it is shown (too many streams)', () => {
    const { hook, handlers } = renderEvents();
    act(() => latest().emit('ready', {}));
    expect(hook.result.current).toBe('connected');
    setVisibility('hidden');

    act(() => latest().emit('closed', { reason: 'too-many-streams' }));
    expect(latest().closed).toBe(true);
    expect(hook.result.current).toBe('disconnected');
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.opened).toHaveLength(1);

    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => latest().emit('ready', {}));
    expect(hook.result.current).toBe('connected');
    // The reopened stream catches up like any reconnection.
    expect(handlers.onReady).toHaveBeenCalledTimes(2);
  });

  it('reopens a page in view after a pause', () => {
    const { hook } = renderEvents();
    act(() => latest().emit('closed', { reason: 'too-many-streams' }));
    act(() => vi.advanceTimersByTime(STREAM_REOPEN_DELAY_MS - 1));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().closed).toBe(false);
    hook.unmount();
    expect(latest().closed).toBe(true);
  });

  it('marks every cached answer out of date when the sign-in session ended, so the app finds out who is signed in', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderEvents();
    act(() => latest().emit('closed', { reason: 'session-ended' }));
    expect(latest().closed).toBe(true);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate.mock.calls[0]).toEqual([]);
  });

  it('does not reopen a stream after the screen left', () => {
    const { hook } = renderEvents();
    act(() => latest().emit('closed', { reason: 'too-many-streams' }));
    hook.unmount();
    act(() => vi.advanceTimersByTime(STREAM_REOPEN_DELAY_MS * 2));
    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

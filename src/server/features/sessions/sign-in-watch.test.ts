import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHub } from '../../realtime/events';
import { watchSignIn } from './sign-in-watch';

/** A hub whose session-ended events and listener reconnections the test sends. */
function memoryHub() {
  const subscribers = new Map<string, () => void>();
  const reconnectHandlers = new Set<() => void>();
  const hub = {
    subscribe: (topic: string, subscriber: () => void) => {
      subscribers.set(topic, subscriber);
      return () => subscribers.delete(topic);
    },
    onReconnect: (handler: () => void) => {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
  } as unknown as Pick<RealtimeHub, 'subscribe' | 'onReconnect'>;
  return { hub, subscribers, reconnect: () => reconnectHandlers.forEach((handler) => handler()) };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('watchSignIn', () => {
  it('ends at once when the database announces the session ended, and only once', async () => {
    const { hub, subscribers } = memoryHub();
    const ended = vi.fn();
    watchSignIn(hub, async () => new Date(Date.now() + 3_600_000), 's1', ended);
    await flush();
    subscribers.get('auth-session:s1')!();
    subscribers.get('auth-session:s1')?.();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(subscribers.size).toBe(0);
  });

  it('ends at the expiry time, after reading it again: an extended session lives on to its new time', async () => {
    const { hub } = memoryHub();
    const ended = vi.fn();
    let expiresAt = new Date(Date.now() + 60_000);
    const expiryOf = vi.fn(async () => expiresAt);
    watchSignIn(hub, expiryOf, 's1', ended);
    await flush();
    // Used meanwhile: better-auth moved the expiry on by an hour.
    expiresAt = new Date(Date.now() + 3_600_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_540_000);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends when the session is already gone as the stream starts, or found gone after the listener reconnected', async () => {
    const { hub, reconnect } = memoryHub();
    const gone = vi.fn();
    watchSignIn(hub, async () => null, 's1', gone);
    await flush();
    expect(gone).toHaveBeenCalledTimes(1);

    let exists = true;
    const later = vi.fn();
    watchSignIn(hub, async () => (exists ? new Date(Date.now() + 3_600_000) : null), 's2', later);
    await flush();
    exists = false;
    reconnect();
    await flush();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('asks again later when the database cannot answer, and stops asking once stopped', async () => {
    const { hub } = memoryHub();
    const ended = vi.fn();
    const expiryOf = vi.fn(async (): Promise<Date | null> => {
      throw new Error('database down');
    });
    const stop = watchSignIn(hub, expiryOf, 's1', ended);
    await flush();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(expiryOf).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(expiryOf).toHaveBeenCalledTimes(2);
    expect(ended).not.toHaveBeenCalled();
  });
});

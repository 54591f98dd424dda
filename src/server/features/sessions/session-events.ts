import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { SESSION_STREAM_EVENTS, streamEventOf, type SessionEvent, type StreamClosed, type StreamCloseReason } from '@shared/realtime';
import type { AppEnv } from '../../context';
import type { RealtimeEventOn, RealtimeHub } from '../../realtime/events';
import { sessionTopic, type SessionTopic } from '../../realtime/topics';

/** Proxies and load balancers close connections that stay silent; a comment every 25 s keeps it open. */
export const HEARTBEAT_INTERVAL_MS = 25_000;
/** How long a browser's EventSource waits before reconnecting. */
const RECONNECT_DELAY_MS = 2_000;

export interface StreamOptions {
  shutdownSignal?: AbortSignal | undefined;
  heartbeatMs?: number;
  /**
   * Hands the stream's `close` to whatever may end it for a reason the client must know (too many
   * streams, the sign-in session ended); answers how to let go of it once the stream has ended.
   */
  closeOn?: (close: (reason: StreamCloseReason) => void) => () => void;
}

/**
 * One browser's subscription to a session: events committed by any process reach it through
 * Postgres LISTEN/NOTIFY (realtime/events.ts). It ends when the client goes away, when the server
 * shuts down, or when `closeOn` closes it — then after a `closed` event that says why.
 */
export function streamSessionEvents(c: Context<AppEnv>, realtime: RealtimeHub, sessionId: string, options: StreamOptions = {}): Response {
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    // Writes come from several callbacks; chaining keeps them whole and in order.
    let writing: Promise<unknown> = Promise.resolve();
    // Set once `close` has queued the `closed` event: nothing is written after it.
    let closing = false;
    const send = (write: () => Promise<unknown>) => {
      if (closing) return;
      writing = writing.then(write).catch(() => undefined);
    };
    const ready = () =>
      send(() =>
        stream.writeSSE({ event: SESSION_STREAM_EVENTS.ready, data: JSON.stringify({ session_id: sessionId }), retry: RECONNECT_DELAY_MS }),
      );

    // Removed when the stream ends: the shutdown signal lives as long as the server does.
    const listeners = new AbortController();
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
      stream.onAbort(resolve);
      c.req.raw.signal.addEventListener('abort', () => resolve(), { once: true, signal: listeners.signal });
      options.shutdownSignal?.addEventListener('abort', () => resolve(), { once: true, signal: listeners.signal });
      if (options.shutdownSignal?.aborted) resolve();
    });
    // The reason goes out last; the client then stops the browser's automatic reconnection.
    const close = (reason: StreamCloseReason) => {
      if (closing) return;
      const data: StreamClosed = { reason };
      send(() => stream.writeSSE({ event: SESSION_STREAM_EVENTS.closed, data: JSON.stringify(data) }));
      closing = true;
      void writing.then(end);
    };
    const releaseClosers = options.closeOn?.(close);

    // Subscribe before saying ready: whatever commits after `ready` reaches this client.
    const unsubscribe = realtime.subscribe(sessionTopic(sessionId), (event) => send(() => stream.writeSSE(toSse(event))));
    // Events may have been missed while the server's listener was reconnecting; a new `ready`
    // tells the client to fetch what came after its last message, as after its own reconnect.
    const stopResync = realtime.onReconnect(ready);
    const heartbeat = setInterval(() => send(() => stream.write(': heartbeat\n\n')), options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
    ready();
    try {
      await ended;
    } finally {
      releaseClosers?.();
      clearInterval(heartbeat);
      listeners.abort();
      unsubscribe();
      stopResync();
    }
  });
}

function toSse(event: RealtimeEventOn<SessionTopic>): { event: string; data: string } {
  const data: SessionEvent = event.progress
    ? { id: event.id, type: event.type, progress: event.progress }
    : { id: event.id, type: event.type };
  return { event: streamEventOf(event.type), data: JSON.stringify(data) };
}

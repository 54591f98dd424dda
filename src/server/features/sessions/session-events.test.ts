import { getEventListeners } from 'node:events';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../context';
import type { RealtimeEvent, RealtimeHub } from '../../realtime/events';
import { streamSessionEvents } from './session-events';

/** A hub that delivers what the test publishes, without Postgres. */
function memoryHub() {
  const subscribers = new Set<(event: RealtimeEvent) => void>();
  const hub = {
    subscribe: (_topic: string, subscriber: (event: RealtimeEvent) => void) => {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    onReconnect: () => () => undefined,
  } as unknown as RealtimeHub;
  return { hub, subscribers };
}

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<string> {
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    received += decoder.decode(value, { stream: true });
  }
  return received;
}

describe('streamSessionEvents', () => {
  it('lets go of the server-wide shutdown signal and its subscription when the client leaves', async () => {
    const shutdown = new AbortController();
    const { hub, subscribers } = memoryHub();
    const app = new Hono<AppEnv>().get('/events', (c) => streamSessionEvents(c, hub, 'session-1', { shutdownSignal: shutdown.signal }));

    for (let stream = 0; stream < 3; stream++) {
      const client = new AbortController();
      const response = await app.request('/events', { signal: client.signal });
      const reader = response.body!.getReader();
      expect(await readUntil(reader, 'event: ready')).toContain('session-1');
      expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(1);
      client.abort();
      await reader.cancel().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Three streams came and went: nothing of theirs is left on a signal that lives as long as the server.
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
    expect(subscribers.size).toBe(0);
  });

  it('says why before it ends when closed by the server, and writes nothing after that', async () => {
    const { hub, subscribers } = memoryHub();
    let closeStream: ((reason: 'too-many-streams' | 'session-ended') => void) | undefined;
    let released = false;
    const app = new Hono<AppEnv>().get('/events', (c) =>
      streamSessionEvents(c, hub, 'session-1', {
        closeOn: (close) => {
          closeStream = close;
          return () => (released = true);
        },
      }),
    );
    const response = await app.request('/events');
    const reader = response.body!.getReader();
    await readUntil(reader, 'event: ready');
    closeStream!('session-ended');
    // An event published after the close must not reach the client.
    for (const subscriber of subscribers) subscriber({ topic: 'session:session-1', type: 'message.created', id: 'm1' });
    const rest = await readUntil(reader, 'never sent');
    expect(rest).toBe('event: closed\ndata: {"reason":"session-ended"}\n\n');
    expect(released).toBe(true);
    expect(subscribers.size).toBe(0);
  });
});

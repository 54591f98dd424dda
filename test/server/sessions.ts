import type { Message } from '@shared/studio';
import type { TestClient } from './http-client';

/** Shared by the studio's integration tests: a session's event stream read as a browser would. */

export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface EventStreamReader {
  response: Response;
  /** The next event (already received or still to come) that matches; consumed once returned. */
  next(predicate?: (event: ServerSentEvent) => boolean, timeoutMs?: number): Promise<ServerSentEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Heartbeat comments seen so far. */
  comments: string[];
  close(): void;
}

export async function openSessionEvents(client: TestClient, sessionId: string): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await client.request(`/api/sessions/${sessionId}/events`, { signal: abort.signal });
  const received: ServerSentEvent[] = [];
  const comments: string[] = [];
  const wakers = new Set<() => void>();
  let finished = false;
  const wakeAll = () => wakers.forEach((wake) => wake());

  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event: ServerSentEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event.event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) {
            event.data = data.join('\n');
            received.push(event);
          }
          wakeAll();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true;
      wakeAll();
    }
  })();

  async function next(predicate: (event: ServerSentEvent) => boolean = () => true, timeoutMs = 10_000): Promise<ServerSentEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex(predicate);
      if (index >= 0) return received.splice(index, 1)[0]!;
      if (finished) throw new Error('the event stream ended before the expected event');
      if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          wakers.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 200);
        wakers.add(wake);
      });
    }
  }

  return { response, next, ended, comments, close: () => abort.abort() };
}

export type SendResult = { session_id: string; message: Message };

/** POST /api/messages, expecting 201. */
export async function send(client: TestClient, body: Record<string, unknown>): Promise<SendResult> {
  const response = await client.post('/api/messages', body);
  if (response.status !== 201) throw new Error(`send failed with ${response.status}: ${await response.text()}`);
  return (await response.json()) as SendResult;
}

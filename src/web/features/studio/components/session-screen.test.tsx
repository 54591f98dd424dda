// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionDetail, SessionStatus } from '@shared/studio';
import { setAuthProvider } from '@web/lib/api-client';
import { renderAuthScreen } from '@test/web/render-auth-screen';
import { SessionScreen } from './session-screen';

/** A browser's EventSource whose server events the test sends. */
class FakeEventSource {
  static latest: FakeEventSource | undefined;
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  onerror: (() => void) | null = null;
  constructor(readonly url: string | URL) {
    FakeEventSource.latest = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const session = (status: SessionStatus): SessionDetail => ({
  id: '0f3a9c1e-77aa-4b0e-9d5e-0123456789ab',
  session_name: 'Beach edits',
  conversation_theme: null,
  total_messages: 2,
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
  thumbnails: [],
  status,
  engine: null,
});

let serverStatus: SessionStatus;
let sessionReads: number;
beforeEach(() => {
  serverStatus = 'processing';
  sessionReads = 0;
  setAuthProvider(() => ({ kind: 'cookie' }));
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (pathname === `/api/sessions/${session('idle').id}`) {
      sessionReads += 1;
      return json(session(serverStatus));
    }
    if (pathname === `/api/sessions/${session('idle').id}/messages`) return json({ messages: [] });
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAuthProvider(() => null);
});

describe("the session header's status badge", () => {
  it('follows the generation job live: a job.updated event on the stream refreshes it', async () => {
    renderAuthScreen(<SessionScreen sessionId={session('idle').id} />);
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    // Connected: the screen catches up once (and reads the session again).
    FakeEventSource.latest!.emit('ready', { session_id: session('idle').id });
    await waitFor(() => expect(sessionReads).toBe(2));

    // The reply is finished; the server says so on the session's stream, and nothing else happens.
    serverStatus = 'completed';
    FakeEventSource.latest!.emit('session', { id: 'job-1', type: 'job.updated' });
    await waitFor(() => expect(screen.getByText('Complete')).toBeInTheDocument());
    expect(String(FakeEventSource.latest!.url)).toMatch(new RegExp(`/api/sessions/${session('idle').id}/events$`));
  });
});

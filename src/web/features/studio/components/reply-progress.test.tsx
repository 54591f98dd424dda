// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplyProgress } from '@shared/reply-progress';
import type { Message, SessionDetail } from '@shared/studio';
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

const SESSION_ID = '0f3a9c1e-77aa-4b0e-9d5e-0123456789ab';
const REPLY_ID = '5b7c1d2e-1111-4a4a-8b8b-0123456789ab';
const JOB_ID = '9d8c7b6a-2222-4c4c-9d9d-0123456789ab';

const detail: SessionDetail = {
  id: SESSION_ID,
  session_name: 'Lighthouse',
  conversation_theme: null,
  total_messages: 2,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  thumbnails: [],
  status: 'processing',
  engine: null,
};

function message(overrides: Partial<Message>): Message {
  return {
    id: 'm',
    session_id: SESSION_ID,
    contentText: '',
    timestamp_created: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    parent_message_id: null,
    role: 'user',
    user_id: 'u1',
    processing_status: null,
    intent_data: null,
    context_references: null,
    files: [],
    chosen_version: null,
    engine: null,
    ...overrides,
  };
}

const progress = (overrides: Partial<ReplyProgress>): ReplyProgress => ({
  job_id: JOB_ID,
  reply_message_id: REPLY_ID,
  stage: 'queued',
  step: null,
  total: null,
  queue_position: 2,
  created_at: new Date().toISOString(),
  preview_version: 0,
  ...overrides,
});

let serverProgress: ReplyProgress[];
let stops: unknown[];
beforeEach(() => {
  serverProgress = [progress({})];
  stops = [];
  setAuthProvider(() => ({ kind: 'cookie' }));
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input));
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (pathname === `/api/sessions/${SESSION_ID}`) return json(detail);
    if (pathname === `/api/sessions/${SESSION_ID}/messages`)
      return json({
        messages: [
          message({ id: 'u-1', contentText: 'a lighthouse at dusk' }),
          message({
            id: REPLY_ID,
            role: 'system',
            contentText: 'Working on your image…',
            processing_status: 'processing',
            parent_message_id: 'u-1',
          }),
        ],
      });
    if (pathname === `/api/replies/progress/${SESSION_ID}`) return json({ replies: serverProgress });
    if (pathname === '/api/replies/stop') {
      stops.push(JSON.parse(String(init?.body)));
      return json({ outcome: 'stopped' });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAuthProvider(() => null);
});

describe('the progress of a reply being made', () => {
  it('shows its place in the line, then a determinate bar as steps arrive, and where it is now after a reconnect', async () => {
    renderAuthScreen(<SessionScreen sessionId={SESSION_ID} />);
    const queued = await screen.findByRole('progressbar', { name: 'Waiting in line (place 2)' }, { timeout: 5_000 });
    expect(queued).not.toHaveAttribute('aria-valuenow');

    FakeEventSource.latest!.emit('ready', { session_id: SESSION_ID });
    FakeEventSource.latest!.emit('progress', {
      id: JOB_ID,
      type: 'job.progress',
      progress: progress({ stage: 'generating', step: 2, total: 4, queue_position: null }),
    });
    const generating = await screen.findByRole('progressbar', { name: 'Generating' });
    expect(generating).toHaveAttribute('aria-valuenow', '50');

    // The stream dropped and came back while the sampler went on: the page asks where it is now.
    serverProgress = [progress({ stage: 'generating', step: 3, total: 4, queue_position: null })];
    FakeEventSource.latest!.emit('ready', { session_id: SESSION_ID });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Generating' })).toHaveAttribute('aria-valuenow', '75'));
  });

  it('shows an indeterminate bar labelled with the stage where the engine counts no steps', async () => {
    serverProgress = [progress({ stage: 'planning', queue_position: null })];
    renderAuthScreen(<SessionScreen sessionId={SESSION_ID} />);
    const bar = await screen.findByRole('progressbar', { name: 'Planning' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar.getAttribute('aria-valuetext')).toMatch(/so far$/);
  });

  it('shows the newest preview, and Stop (button or Esc in the composer) stops that reply', async () => {
    serverProgress = [progress({ stage: 'generating', step: 1, total: 4, queue_position: null, preview_version: 3 })];
    renderAuthScreen(<SessionScreen sessionId={SESSION_ID} />);
    const preview = await screen.findByAltText('Preview of the picture being made');
    expect(preview.getAttribute('src')).toBe(`/api/replies/preview/${JOB_ID}?v=3`);

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(stops).toEqual([{ reply_message_id: REPLY_ID }]));

    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    await waitFor(() => expect(stops).toHaveLength(2));
    expect(stops[1]).toEqual({ reply_message_id: REPLY_ID });
  });
});

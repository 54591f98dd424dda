// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkingSessions } from '@shared/reply-progress';
import { setAuthProvider } from '@web/lib/api-client';
import { renderAuthScreen } from '@test/web/render-auth-screen';
import { studioKeys } from '../api/query-keys';
import { WorkingRepliesWatcher } from './working-replies-watcher';

const SESSION_ID = '0f3a9c1e-77aa-4b0e-9d5e-0123456789ab';
let working: WorkingSessions;
let replyStatus: string;
beforeEach(() => {
  replyStatus = 'completed';
  working = {
    sessions: [{ session_id: SESSION_ID, session_name: 'Lighthouse', reply_message_id: '5b7c1d2e-1111-4a4a-8b8b-0123456789ab' }],
  };
  setAuthProvider(() => ({ kind: 'cookie' }));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/api/replies/working')
      return new Response(JSON.stringify(working), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (pathname === '/api/messages/5b7c1d2e-1111-4a4a-8b8b-0123456789ab') {
      const reply = {
        id: '5b7c1d2e-1111-4a4a-8b8b-0123456789ab',
        session_id: SESSION_ID,
        contentText: '',
        timestamp_created: '2026-11-26T10:00:00.000Z',
        updated_at: '2026-11-26T10:00:00.000Z',
        parent_message_id: null,
        role: 'system',
        user_id: 'u1',
        processing_status: replyStatus,
        intent_data: null,
        context_references: null,
        files: [],
        chosen_version: null,
        engine: null,
      };
      return new Response(JSON.stringify(reply), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAuthProvider(() => null);
});

describe('a reply finishing in another session', () => {
  it('raises a toast that links to that session', async () => {
    const { queryClient, router } = renderAuthScreen(
      <>
        <WorkingRepliesWatcher />
        <Toaster />
      </>,
      { path: '/studio' },
    );
    await waitFor(() => expect(queryClient.getQueryData(studioKeys.workingSessions)).toEqual(working));
    expect(screen.queryByText('A reply is ready in Lighthouse')).toBeNull();

    working = { sessions: [] };
    await act(() => queryClient.invalidateQueries({ queryKey: studioKeys.workingSessions }));
    expect(await screen.findByText('A reply is ready in Lighthouse')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/session/${SESSION_ID}`));
  });

  it('says nothing of a reply that was stopped', async () => {
    working = { sessions: [{ ...working.sessions[0]!, session_name: 'Pier' }] };
    replyStatus = 'stopped';
    const { queryClient } = renderAuthScreen(
      <>
        <WorkingRepliesWatcher />
        <Toaster />
      </>,
      { path: '/studio' },
    );
    await waitFor(() => expect(queryClient.getQueryData(studioKeys.workingSessions)).toEqual(working));
    working = { sessions: [] };
    await act(() => queryClient.invalidateQueries({ queryKey: studioKeys.workingSessions }));
    await waitFor(() => expect(queryClient.getQueryData(studioKeys.workingSessions)).toEqual({ sessions: [] }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('A reply is ready in Pier')).toBeNull();
  });

  it('says nothing when that session is the one on screen', async () => {
    working = { sessions: [{ ...working.sessions[0]!, session_name: 'Harbour' }] };
    const { queryClient } = renderAuthScreen(
      <>
        <WorkingRepliesWatcher />
        <Toaster />
      </>,
      { path: `/session/${SESSION_ID}` },
    );
    await waitFor(() => expect(queryClient.getQueryData(studioKeys.workingSessions)).toEqual(working));
    working = { sessions: [] };
    await act(() => queryClient.invalidateQueries({ queryKey: studioKeys.workingSessions }));
    await waitFor(() => expect(queryClient.getQueryData(studioKeys.workingSessions)).toEqual({ sessions: [] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('A reply is ready in Harbour')).toBeNull();
  });
});

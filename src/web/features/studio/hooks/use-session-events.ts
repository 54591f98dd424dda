import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { SESSION_STREAM_EVENTS, sessionEventSchema, streamClosedSchema, type SessionEvent, type StreamClosed } from '@shared/realtime';
import type { ReplyProgress } from '@shared/reply-progress';
import { api } from '@web/lib/api-client';

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export interface SessionEventHandlers {
  /** A message of the session was created or updated. */
  onMessage: (messageId: string) => void;
  /** The session's generation job changed (queued, started, finished): its status badge is out of date. */
  onJobChanged: (jobId: string) => void;
  /** The subscription is live (first time, or again after a drop): time to catch up. */
  onReady: () => void;
  /** A reply being made got further (its stage, steps, preview). */
  onProgress?: (progress: ReplyProgress) => void;
}

/**
 * How long a page in view waits before reopening a stream the server closed. The server closes
 * a user's oldest stream when they open more than it keeps; a page in view takes one back after
 * this pause, a hidden page only once it is shown again.
 */
export const STREAM_REOPEN_DELAY_MS = 5_000;

/** An event's data, or null for one that points at nothing we know (the next catch-up covers it). */
function parseData<T>(schema: ZodType<T>, data: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The session's Server-Sent Events: connected once the server says
 * 'ready', disconnected on an error or when the server closed the stream. The browser reconnects
 * by itself after a drop; every 'ready' after that lets the screen fetch what it missed. A stream
 * the server closed with a reason ('closed') is not reopened by the browser: when the sign-in
 * session ended, every cached answer is out of date (the app then finds the user signed out, or
 * signed in anew after their own password change); either way the stream is reopened once the
 * page is in view, and a session that really ended is refused then.
 */
export function useSessionEvents(sessionId: string | undefined, handlers: SessionEventHandlers): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!sessionId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let waitingForView = false;

    const open = () => {
      waitingForView = false;
      source = new EventSource(api.sessions[':id'].events.$url({ param: { id: sessionId } }), { withCredentials: true });
      source.addEventListener(SESSION_STREAM_EVENTS.ready, () => {
        setStatus('connected');
        handlersRef.current.onReady();
      });
      const dispatch = (event: MessageEvent<string>) => {
        const data = parseData<SessionEvent>(sessionEventSchema, event.data);
        if (!data) return;
        if (data.type === 'job.progress') {
          if (data.progress) handlersRef.current.onProgress?.(data.progress);
        } else if (data.type === 'job.updated') handlersRef.current.onJobChanged(data.id);
        else handlersRef.current.onMessage(data.id);
      };
      source.addEventListener(SESSION_STREAM_EVENTS.message, dispatch);
      source.addEventListener(SESSION_STREAM_EVENTS.session, dispatch);
      source.addEventListener(SESSION_STREAM_EVENTS.progress, dispatch);
      source.addEventListener(SESSION_STREAM_EVENTS.closed, (event: MessageEvent<string>) => {
        const closed = parseData<StreamClosed>(streamClosedSchema, event.data);
        // Before the server ends the response: the browser would otherwise reconnect at once.
        source?.close();
        setStatus('disconnected');
        if (closed?.reason === 'session-ended') void queryClient.invalidateQueries();
        reopenWhenInView();
      });
      source.onerror = () => setStatus('disconnected');
    };

    const reopenWhenInView = () => {
      if (document.visibilityState === 'visible') reopenTimer = setTimeout(open, STREAM_REOPEN_DELAY_MS);
      else waitingForView = true;
    };
    const onVisibilityChange = () => {
      if (waitingForView && document.visibilityState === 'visible') open();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    open();
    return () => {
      clearTimeout(reopenTimer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      source?.close();
      setStatus('connecting');
    };
  }, [sessionId, queryClient]);

  return status;
}

import { useEffect, useRef, useState } from 'react';
import { SESSION_STREAM_EVENTS, sessionEventSchema, type SessionEvent } from '@shared/realtime';
import { api } from '@web/lib/api-client';

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export interface SessionEventHandlers {
  /** A message of the session was created or updated. */
  onMessage: (messageId: string) => void;
  /** The session's generation job changed (queued, started, finished): its status badge is out of date. */
  onJobChanged: (jobId: string) => void;
  /** The subscription is live (first time, or again after a drop): time to catch up. */
  onReady: () => void;
}

/** An event's data, or null for one that points at nothing we know (the next catch-up covers it). */
function parseSessionEvent(data: string): SessionEvent | null {
  try {
    const parsed = sessionEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The session's Server-Sent Events (spec section 4, realtime): connected once the server says
 * 'ready', disconnected on an error. The browser reconnects by itself; every 'ready' after that
 * lets the screen fetch what it missed.
 */
export function useSessionEvents(sessionId: string | undefined, handlers: SessionEventHandlers): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!sessionId || typeof EventSource === 'undefined') return;
    const source = new EventSource(api.sessions[':id'].events.$url({ param: { id: sessionId } }), { withCredentials: true });
    source.addEventListener(SESSION_STREAM_EVENTS.ready, () => {
      setStatus('connected');
      handlersRef.current.onReady();
    });
    const dispatch = (event: MessageEvent<string>) => {
      const data = parseSessionEvent(event.data);
      if (!data) return;
      if (data.type === 'job.updated') handlersRef.current.onJobChanged(data.id);
      else handlersRef.current.onMessage(data.id);
    };
    source.addEventListener(SESSION_STREAM_EVENTS.message, dispatch);
    source.addEventListener(SESSION_STREAM_EVENTS.session, dispatch);
    source.onerror = () => setStatus('disconnected');
    return () => {
      source.close();
      setStatus('connecting');
    };
  }, [sessionId]);

  return status;
}

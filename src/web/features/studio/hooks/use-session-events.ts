import { useEffect, useRef, useState } from 'react';
import { sessionEventSchema } from '@shared/studio';

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export interface SessionEventHandlers {
  /** A message of the session was created or updated. */
  onMessage: (messageId: string) => void;
  /** The subscription is live (first time, or again after a drop): time to catch up. */
  onReady: () => void;
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
    const source = new EventSource(`/api/sessions/${encodeURIComponent(sessionId)}/events`, { withCredentials: true });
    source.addEventListener('ready', () => {
      setStatus('connected');
      handlersRef.current.onReady();
    });
    source.addEventListener('message', (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        // A malformed event points at nothing; the next catch-up fetch covers it.
        return;
      }
      const parsed = sessionEventSchema.safeParse(data);
      if (parsed.success && parsed.data.id) handlersRef.current.onMessage(parsed.data.id);
    });
    source.onerror = () => setStatus('disconnected');
    return () => {
      source.close();
      setStatus('connecting');
    };
  }, [sessionId]);

  return status;
}

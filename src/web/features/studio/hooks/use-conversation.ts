import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { MESSAGES_FETCH_DEFAULT_LIMIT } from '@shared/constants';
import type { Message } from '@shared/studio';
import { getMessage } from '../api/get-message';
import { applyProgressEvent } from '../api/get-reply-progress';
import {
  catchUpConversation,
  loadLatestMessages,
  loadMessagesAround,
  loadNewerMessages,
  loadOlderMessages,
  mergeIntoConversation,
  useMessages,
} from '../api/get-messages';
import { studioKeys } from '../api/query-keys';
import { useSessionEvents } from './use-session-events';

const NO_MESSAGES: Message[] = [];

/** Within this distance of the top of the list the next older page is fetched, before the reader gets there. */
const OLDER_PAGE_THRESHOLD_PX = 800;

/** Where the conversation's history stands: more to fetch, a page on its way, its first message held, or a failed fetch. */
export type HistoryState = 'more' | 'loading' | 'start' | 'failed';

/**
 * A session's conversation: the messages held (newest page first, older pages as the reader
 * scrolls up), kept current by the live stream, with the session's status refreshed as its jobs
 * change. The list keeps what the reader is looking at in place while an older page lands above.
 */
export function useConversation(sessionId: string | undefined, scroller: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const query = useMessages(queryClient, sessionId);
  const messages = query.data ?? NO_MESSAGES;

  const refreshStatus = useCallback(() => {
    if (!sessionId) return;
    void queryClient.invalidateQueries({ queryKey: studioKeys.session(sessionId) });
    // A job that started, finished or was stopped: where each reply is now.
    void queryClient.invalidateQueries({ queryKey: studioKeys.progress(sessionId) });
  }, [queryClient, sessionId]);

  const realtime = useSessionEvents(sessionId, {
    onMessage: (messageId) => {
      if (!sessionId) return;
      getMessage(messageId).then(
        (message) => mergeIntoConversation(queryClient, sessionId, [message]),
        () => undefined,
      );
    },
    // The header's status badge follows the session's generation job as it changes.
    onJobChanged: refreshStatus,
    onProgress: (progress) => {
      if (sessionId) applyProgressEvent(queryClient, sessionId, progress);
    },
    onReady: () => {
      if (!sessionId) return;
      // Whatever was written or finished while the subscription was down (or before it first came up).
      catchUpConversation(queryClient, sessionId).catch(() => undefined);
      refreshStatus();
    },
  });

  const history = useOlderPages(sessionId, messages, query.isSuccess, scroller);
  const jump = useMessageWindow(sessionId, messages, scroller, history.noteWindow);
  return { query, messages, lastMessage: messages[messages.length - 1], realtime, refreshStatus, history, jump };
}

/** Where the messages after a window opened at an old message stand: more to fetch, a page on its way, or a failed fetch. */
export type NewerState = 'more' | 'loading' | 'failed';

/**
 * A conversation opened at an old message (a search result, a Library image): the page around that
 * message replaces what is held, and until the reader has come down to the newest message there is
 * a gap after `gapAfter` — newer pages are fetched as the reader nears it, new replies that arrive
 * meanwhile are held after it, and `jumpToLatest` lets the window go for the latest page.
 */
function useMessageWindow(
  sessionId: string | undefined,
  messages: Message[],
  scroller: RefObject<HTMLElement | null>,
  noteWindow: (opened: { reachedStart: boolean } | null) => void,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ sessionId: string | undefined; gapAfter: string | null; newer: NewerState }>({
    sessionId,
    gapAfter: null,
    newer: 'more',
  });
  const current = state.sessionId === sessionId ? state : { sessionId, gapAfter: null, newer: 'more' as const };
  const { gapAfter, newer } = current;

  /** Answers once the message is held (fetched around it unless it already was); rejects when it is not there to fetch. */
  const openAt = async (messageId: string): Promise<void> => {
    if (!sessionId || messages.some((message) => message.id === messageId)) return;
    const { reachedStart, reachedEnd } = await loadMessagesAround(queryClient, sessionId, messageId, MESSAGES_FETCH_DEFAULT_LIMIT);
    const held = queryClient.getQueryData<Message[]>(studioKeys.messages(sessionId)) ?? [];
    noteWindow({ reachedStart });
    setState({ sessionId, gapAfter: reachedEnd ? null : (held.at(-1)?.id ?? null), newer: 'more' });
  };

  const loadNewer = () => {
    const newestHeld = messages.find((message) => message.id === gapAfter);
    if (!sessionId || !newestHeld || newer === 'loading') return;
    setState({ sessionId, gapAfter, newer: 'loading' });
    loadNewerMessages(queryClient, sessionId, { newestHeld, limit: MESSAGES_FETCH_DEFAULT_LIMIT }).then(
      ({ closed, newest }) => setState({ sessionId, gapAfter: closed ? null : (newest?.id ?? null), newer: 'more' }),
      () => setState({ sessionId, gapAfter, newer: 'failed' }),
    );
  };

  /** The latest page instead of the window; `then` runs once it is held (the screen follows the end again). */
  const jumpToLatest = (then: () => void) => {
    if (!sessionId || !gapAfter) return then();
    setState({ sessionId, gapAfter, newer: 'loading' });
    loadLatestMessages(queryClient, sessionId, gapAfter).then(
      () => {
        noteWindow(null);
        setState({ sessionId, gapAfter: null, newer: 'more' });
        then();
      },
      () => setState({ sessionId, gapAfter, newer: 'failed' }),
    );
  };

  // Content added below the reader never moves what they see: no position to keep, only the next page to ask for.
  const loadNewerIfNearGap = useEffectEvent(() => {
    const element = scroller.current;
    const row = element?.querySelector('[data-testid="newer-row"]');
    if (!element || !row || newer !== 'more') return;
    if (row.getBoundingClientRect().top - element.getBoundingClientRect().bottom < OLDER_PAGE_THRESHOLD_PX) loadNewer();
  });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => loadNewerIfNearGap();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scroller]);
  useEffect(() => {
    if (!gapAfter || newer !== 'more') return;
    const frame = requestAnimationFrame(() => loadNewerIfNearGap());
    return () => cancelAnimationFrame(frame);
  }, [gapAfter, newer]);

  return { gapAfter, newer, openAt, loadNewer, jumpToLatest };
}

/** Puts the list back at the same distance from its bottom: what was in view stays in view after rows were added above. */
function restoreDistanceFromBottom(element: HTMLElement, fromBottom: number): void {
  const top = element.scrollHeight - fromBottom;
  if (Math.abs(element.scrollTop - top) > 1) element.scrollTop = top;
}

/**
 * Older pages on scroll: when the reader comes within OLDER_PAGE_THRESHOLD_PX of the top, the page
 * before the oldest message held is fetched and merged in. The distance from the bottom of the
 * list is noted as it lands and restored before the frame is painted, so the message being read
 * does not move (browsers without scroll anchoring included).
 */
function useOlderPages(sessionId: string | undefined, messages: Message[], loaded: boolean, scroller: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ sessionId: string | undefined; history: HistoryState; windowed?: boolean }>({
    sessionId,
    history: 'more',
  });
  const history: HistoryState = state.sessionId === sessionId ? state.history : 'more';
  const windowed = state.sessionId === sessionId && state.windowed === true;
  const fromBottom = useRef<number | null>(null);
  const oldest = messages[0];
  // A first page shorter than a page is the whole conversation (a page around a message says so itself).
  const wholeConversation = loaded && !windowed && messages.length < MESSAGES_FETCH_DEFAULT_LIMIT;

  const loadOlder = () => {
    if (!sessionId || !oldest || history === 'loading' || history === 'start' || wholeConversation) return;
    setState({ sessionId, history: 'loading', windowed });
    // Noted when the page has arrived, not when it was asked for: the reader may scroll meanwhile.
    const noteDistanceFromBottom = () => {
      const element = scroller.current;
      if (element) fromBottom.current = element.scrollHeight - element.scrollTop;
    };
    loadOlderMessages(queryClient, sessionId, {
      oldestHeld: oldest,
      limit: MESSAGES_FETCH_DEFAULT_LIMIT,
      beforeMerge: noteDistanceFromBottom,
    }).then(
      ({ reachedStart }) => setState({ sessionId, history: reachedStart ? 'start' : 'more', windowed }),
      () => {
        fromBottom.current = null;
        setState({ sessionId, history: 'failed', windowed });
      },
    );
  };
  /** A page around a message replaced what was held (or, with null, the latest page replaced that window). */
  const noteWindow = (opened: { reachedStart: boolean } | null) =>
    setState({ sessionId, history: opened?.reachedStart ? 'start' : 'more', windowed: opened !== null });

  // The older page is in the DOM: put the reader back where they were, before the frame is painted.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && fromBottom.current !== null) restoreDistanceFromBottom(element, fromBottom.current);
    fromBottom.current = null;
  }, [oldest?.id, scroller]);

  // Near the top of a list that scrolls (the first page is placed at its end before the reader can be "near the top").
  const loadOlderIfNearTop = useEffectEvent(() => {
    const element = scroller.current;
    if (element && element.scrollHeight > element.clientHeight && element.scrollTop < OLDER_PAGE_THRESHOLD_PX) loadOlder();
  });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => loadOlderIfNearTop();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scroller]);
  // A page landed while the reader is still near the top: the next one.
  useEffect(() => {
    if (history !== 'more' || !loaded) return;
    // Next frame: the page just merged is laid out (and restored) by then.
    const frame = requestAnimationFrame(() => loadOlderIfNearTop());
    return () => cancelAnimationFrame(frame);
  }, [history, loaded, oldest?.id]);

  return { state: wholeConversation ? ('start' as const) : history, loadOlder, noteWindow };
}

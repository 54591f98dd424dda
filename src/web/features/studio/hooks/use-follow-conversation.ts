import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Within this distance of the end the list counts as "at the newest message". */
const AT_END_THRESHOLD_PX = 48;

interface FollowConversation {
  /** True when something new arrived while the user had scrolled up to read: show "new message". */
  hasUnseen: boolean;
  /** Jump to the newest message and follow the conversation again. */
  jumpToEnd: () => void;
  /** Stop following (the screen was opened at an older message): new content no longer pulls the view down. */
  stopFollowing: () => void;
}

/** Scrolls to the end and remembers where that is (so the next scroll event is not read as "up"). */
function scrollToEnd(element: HTMLElement | null, lastScrollTop: { current: number }): void {
  if (!element) return;
  // Optional: jsdom (the unit tests) has no element scrolling.
  element.scrollTo?.({ top: element.scrollHeight });
  lastScrollTop.current = element.scrollTop;
}

function distanceFromEnd(element: HTMLElement): number {
  return element.scrollHeight - element.clientHeight - element.scrollTop;
}

/**
 * Keeps the message list at its newest message: on open, when a message arrives
 * and while its images load (the content grows after the message is rendered, which is why a
 * one-off scroll on arrival stops short). Once the user scrolls up, it stops following and reports
 * new arrivals instead, until the user is back at the end.
 *
 * Following is given up only when the user moves up (scrollTop decreases): content growing below
 * does not move scrollTop, so a loading image can never be mistaken for the user leaving the end.
 */
export function useFollowConversation(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  arrivalKey: string,
  /** False while the list ends at a gap before the newest messages (opened at an old one): its end is not the conversation's. */
  endIsNewest = true,
): FollowConversation {
  const following = useRef(true);
  const endIsNewestRef = useRef(endIsNewest);
  useLayoutEffect(() => {
    endIsNewestRef.current = endIsNewest;
  }, [endIsNewest]);
  const lastScrollTop = useRef(0);
  const [hasUnseen, setHasUnseen] = useState(false);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      const atEnd = distanceFromEnd(element) <= AT_END_THRESHOLD_PX;
      if (atEnd && endIsNewestRef.current) {
        following.current = true;
        setHasUnseen(false);
      } else if (element.scrollTop < lastScrollTop.current) {
        following.current = false;
      }
      lastScrollTop.current = element.scrollTop;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scroller]);

  // Content that grows (a reply's image loading, a message arriving) keeps the end in view.
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) scrollToEnd(scroller.current, lastScrollTop);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [content, scroller]);

  // A new or changed message: follow it, or say that it is there.
  useLayoutEffect(() => {
    if (following.current) scrollToEnd(scroller.current, lastScrollTop);
    else setHasUnseen(true);
  }, [arrivalKey, scroller]);

  const jumpToEnd = () => {
    following.current = true;
    setHasUnseen(false);
    scrollToEnd(scroller.current, lastScrollTop);
  };

  const stopFollowing = () => {
    following.current = false;
    if (scroller.current) lastScrollTop.current = scroller.current.scrollTop;
  };

  return { hasUnseen, jumpToEnd, stopFollowing };
}

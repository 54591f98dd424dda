import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side route change focus moves to the new page's main heading, so a keyboard or
 * screen-reader user starts reading the new page instead of staying on a link of the old one (or
 * on the body, when that link went with its page). The first page load is left alone: the browser
 * starts at the top, and a redirect before the visitor has done anything is still the first load.
 */

/**
 * Navigation state of a page that places focus itself (the session a new chat's first message
 * created keeps it in the composer; a link to one message may focus that message). Merge it into
 * the state given to `navigate` or `<Link state>`.
 */
export const PAGE_PLACES_FOCUS = { pagePlacesFocus: true } as const;

export function pagePlacesFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { pagePlacesFocus?: unknown }).pagePlacesFocus === true;
}

/** A page may name its heading with this attribute (a console section's title); otherwise its first <h1>. */
export const PAGE_HEADING_ATTRIBUTE = 'data-page-heading';

/** The page's main heading, able to take focus from script (see focusableHeading); null while none is shown. */
export function pageHeading(): HTMLElement | null {
  const main = document.querySelector('main');
  if (!main) return null;
  return focusableHeading(main.querySelector<HTMLElement>(`[${PAGE_HEADING_ATTRIBUTE}]`) ?? main.querySelector<HTMLElement>('h1'));
}

/** A heading that can take focus from script without joining the Tab order. */
export function focusableHeading(heading: HTMLElement | null | undefined): HTMLElement | null {
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/** Puts focus on a heading (see focusableHeading); answers whether it has it now. */
export function focusHeading(heading: HTMLElement | null | undefined): boolean {
  const target = focusableHeading(heading);
  if (!target?.isConnected) return false;
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}

// A page still loading its data shows no heading yet; the wait ends when it appears or the user acts.
const HEADING_WAIT_MS = 10_000;
const USER_ACTIONS = ['keydown', 'pointerdown'] as const;
const OPEN_OVERLAY = ['menu', 'dialog', 'alertdialog', 'listbox'].map((role) => `[role="${role}"][data-state="open"]`).join(', ');

let userHasActed = false;
if (typeof window !== 'undefined') {
  const noteAction = () => {
    userHasActed = true;
    for (const event of USER_ACTIONS) window.removeEventListener(event, noteAction, { capture: true });
  };
  for (const event of USER_ACTIONS) window.addEventListener(event, noteAction, { capture: true, passive: true });
}

/** Moves focus to the new page's heading after each change of path (not of query or hash). */
export function useRouteFocus(): void {
  const { pathname, state } = useLocation();
  const previousPath = useRef(pathname);
  const stateAtCommit = useRef<unknown>(state);
  // What had focus when the new page was committed, before its own effects could move it.
  const focusAtCommit = useRef<Element | null>(null);

  useLayoutEffect(() => {
    focusAtCommit.current = document.activeElement;
    stateAtCommit.current = state;
  }, [pathname, state]);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (!userHasActed || pagePlacesFocus(stateAtCommit.current)) return;

    const before = focusAtCommit.current;
    // The new page put focus on one of its own controls (a field it focuses on arrival): it stays.
    const pageTookFocus = () => {
      const active = document.activeElement;
      return active !== null && active !== document.body && active !== before && Boolean(active.closest('main'));
    };

    let settled = false;
    const stop = () => {
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
      for (const event of USER_ACTIONS) window.removeEventListener(event, stop, { capture: true });
    };
    // A menu or dialog open now was opened on the new page (one that closed with the navigation is
    // marked closed): the user is in it, though the new page was slow to commit (a chunk still
    // loading when they clicked), and moving focus would close it under their pointer.
    const userIsInAnOverlay = () => Boolean(document.activeElement?.closest(OPEN_OVERLAY));
    const tryFocus = () => {
      if (settled) return;
      if (pageTookFocus() || userIsInAnOverlay()) return stop();
      if (focusHeading(pageHeading())) stop();
    };
    const observer = new MutationObserver(tryFocus);
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    for (const event of USER_ACTIONS) window.addEventListener(event, stop, { capture: true, passive: true });
    // After the frame: a menu or sheet that closed with the navigation has handed focus back by then.
    const frame = requestAnimationFrame(() => {
      tryFocus();
      if (!settled) observer.observe(document.body, { childList: true, subtree: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [pathname]);
}

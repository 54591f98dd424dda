/**
 * Focus that returns where it came from when a dialog, sheet or menu closes. A dialog opened from
 * state (a menu item's onSelect, a card's button) records as "previously focused" an element that
 * is often gone by the time it closes — the menu item unmounts with its menu — and focus then falls
 * to the page body, so the next Tab starts again at the logo. The opener is noted when the dialog
 * is asked for and focused again on close; when it is gone or disabled, the first fallback that
 * can take focus does (the session card after a rename, the list after a delete).
 */

export type FocusTarget = HTMLElement | null | undefined | (() => HTMLElement | null | undefined);

/** Whether focus can be put on the element now: in the page, enabled and shown. */
export function canTakeFocus(element: HTMLElement | null | undefined): element is HTMLElement {
  if (!element || !element.isConnected) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  if (element.closest('[inert], [hidden]')) return false;
  return element.getClientRects().length > 0;
}

/**
 * The control that asked for a dialog, taken from the focused element. A menu item stands for its
 * menu's trigger (the item disappears with the menu; the trigger stays).
 */
export function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return active;
}

/** Puts focus on the first target that can take it; answers which one did, if any. */
export function focusFirst(...targets: FocusTarget[]): HTMLElement | null {
  for (const target of targets) {
    const element = typeof target === 'function' ? target() : target;
    if (canTakeFocus(element)) {
      element.focus({ preventScroll: false });
      return element;
    }
  }
  return null;
}

/**
 * For Radix's `onCloseAutoFocus`: its own return (to the element focused before it opened) is
 * replaced by the opener noted, then the fallbacks.
 */
export function returnFocusOnClose(event: Event, opener: HTMLElement | null, ...fallbacks: FocusTarget[]): void {
  event.preventDefault();
  // After the close has been committed: a fallback may be rendered by the same change (a list without the deleted card).
  requestAnimationFrame(() => focusFirst(opener, ...fallbacks));
}

/**
 * One dialog's way back: `noteOpener` when the dialog is asked for (optionally with fallbacks
 * found then, such as the next card of a list), `forgetOpener` when what the dialog did removes
 * the opener, `onCloseAutoFocus` on the dialog's content.
 */
export function createFocusReturn() {
  let opener: HTMLElement | null = null;
  let noted: FocusTarget[] = [];
  return {
    noteOpener: (...fallbacks: FocusTarget[]) => {
      opener = currentOpener();
      noted = fallbacks;
    },
    /**
     * The opener is leaving the page (its item was deleted): on close only the fallbacks are
     * tried. Waiting for it to vanish is not enough — a refetch can render it again for a moment,
     * and focus would land on a control that is about to disappear.
     */
    forgetOpener: () => {
      opener = null;
    },
    onCloseAutoFocus: (event: Event, ...fallbacks: FocusTarget[]) => returnFocusOnClose(event, opener, ...fallbacks, ...noted),
  };
}

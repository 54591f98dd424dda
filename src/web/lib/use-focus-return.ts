import { useLayoutEffect, useState } from 'react';
import { createFocusReturn, currentOpener, type FocusTarget } from './focus-return';

/** A dialog's focus return (see createFocusReturn), kept for the component's life. */
export function useFocusReturn() {
  const [focusReturn] = useState(createFocusReturn);
  return focusReturn;
}

/**
 * The focus return of a dialog whose `open` comes from its parent (a button's click sets it): the
 * focused control is noted as the dialog opens, before the dialog moves focus into itself. Radix's
 * own note is not relied on — it was seen handing focus to the page body on close. Pass the result's
 * `onCloseAutoFocus` to the dialog's content. `fallbacks` is asked as the dialog opens.
 */
export function useFocusReturnWhenOpen(open: boolean, fallbacks?: (opener: Element | null) => FocusTarget[]) {
  const focusReturn = useFocusReturn();
  useLayoutEffect(() => {
    if (open) focusReturn.noteOpener(...(fallbacks?.(currentOpener()) ?? []));
    // Only the opening counts: later renders (with a new `fallbacks` function) keep the first note.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, focusReturn]);
  return focusReturn;
}

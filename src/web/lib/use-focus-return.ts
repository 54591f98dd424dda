import { useState } from 'react';
import { createFocusReturn } from './focus-return';

/** A dialog's focus return (see createFocusReturn), kept for the component's life. */
export function useFocusReturn() {
  const [focusReturn] = useState(createFocusReturn);
  return focusReturn;
}

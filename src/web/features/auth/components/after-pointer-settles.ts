/**
 * Defers work until a press of the mouse, pen or finger has finished. A field validated on blur
 * inserts its error text and pushes everything below it down; if that happens between the press
 * and the release of a button or link below the field, the release lands elsewhere and the click
 * is lost. Validating after the release keeps every click where the user aimed it.
 */
let pressed = false;
let queued: (() => void)[] = [];

function release() {
  // After the click that this release produces has been dispatched.
  setTimeout(() => {
    pressed = false;
    const run = queued;
    queued = [];
    for (const work of run) work();
  }, 0);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

export function afterPointerSettles(work: () => void): void {
  if (pressed) queued.push(work);
  else work();
}

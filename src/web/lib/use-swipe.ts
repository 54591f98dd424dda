import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { SWIPE_DEAD_ZONE_PX, SWIPE_THRESHOLD_PX } from '@shared/constants';

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';

export interface SwipeMeasure {
  /** Known only once the pointer moved more than the dead zone; the dominant axis decides. */
  direction: SwipeDirection | null;
  /** Movement along the direction's axis, in px. */
  distance: number;
  /** distance / threshold, capped at 1: how close the gesture is to counting. */
  progress: number;
  deltaX: number;
  deltaY: number;
}

export interface SwipeState extends SwipeMeasure {
  active: boolean;
}

export interface SwipeOptions {
  threshold?: number;
  deadZone?: number;
}

function capturePointer(element: Element, pointerId: number): void {
  try {
    if (typeof element.setPointerCapture === 'function') element.setPointerCapture(pointerId);
  } catch {
    // A pointer that is no longer active cannot be captured; the gesture still works inside the element.
  }
}

const idle: SwipeState = { active: false, direction: null, distance: 0, progress: 0, deltaX: 0, deltaY: 0 };

/** The spec's swipe rules (section 4) as a pure function of the pointer's movement. */
export function measureSwipe(
  deltaX: number,
  deltaY: number,
  { threshold = SWIPE_THRESHOLD_PX, deadZone = SWIPE_DEAD_ZONE_PX }: SwipeOptions = {},
): SwipeMeasure {
  const absX = Math.abs(deltaX);
  const absY = Math.abs(deltaY);
  if (Math.max(absX, absY) <= deadZone) return { direction: null, distance: 0, progress: 0, deltaX, deltaY };
  const horizontal = absX >= absY;
  const direction: SwipeDirection = horizontal ? (deltaX < 0 ? 'left' : 'right') : deltaY < 0 ? 'up' : 'down';
  const distance = horizontal ? absX : absY;
  return { direction, distance, progress: Math.min(distance / threshold, 1), deltaX, deltaY };
}

/** A swipe counts only with a direction and a distance of at least the threshold. */
export function isCompletedSwipe(
  measure: SwipeMeasure,
  threshold: number = SWIPE_THRESHOLD_PX,
): measure is SwipeMeasure & { direction: SwipeDirection } {
  return measure.direction !== null && measure.distance >= threshold;
}

export interface UseSwipeOptions extends SwipeOptions {
  onSwipe?: (direction: SwipeDirection, measure: SwipeMeasure) => void;
  disabled?: boolean;
}

export interface SwipeHandlers<T extends Element> {
  onPointerDown: (event: ReactPointerEvent<T>) => void;
  onPointerMove: (event: ReactPointerEvent<T>) => void;
  onPointerUp: (event: ReactPointerEvent<T>) => void;
  onPointerCancel: (event: ReactPointerEvent<T>) => void;
}

/**
 * Tracks one pointer (touch, pen or mouse) over an element and reports completed swipes. Pointer
 * events cover every input; the element decides with CSS `touch-action` which axis the browser may
 * still scroll (pan-y for a horizontal carousel, none for a swipe-to-close dialog).
 */
export function useSwipe<T extends Element = HTMLElement>({
  threshold = SWIPE_THRESHOLD_PX,
  deadZone = SWIPE_DEAD_ZONE_PX,
  onSwipe,
  disabled = false,
}: UseSwipeOptions = {}): {
  state: SwipeState;
  handlers: SwipeHandlers<T>;
} {
  const [state, setState] = useState<SwipeState>(idle);
  const start = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<T>) => {
      if (disabled || start.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
      start.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      // Keeps the moves coming when the finger or mouse leaves the element mid-gesture.
      capturePointer(event.currentTarget, event.pointerId);
      setState({ ...idle, active: true });
    },
    [disabled],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<T>) => {
      const origin = start.current;
      if (!origin || event.pointerId !== origin.pointerId) return;
      setState({ active: true, ...measureSwipe(event.clientX - origin.x, event.clientY - origin.y, { threshold, deadZone }) });
    },
    [threshold, deadZone],
  );

  const onPointerUp = useCallback(
    (event: ReactPointerEvent<T>) => {
      const origin = start.current;
      if (!origin || event.pointerId !== origin.pointerId) return;
      start.current = null;
      setState(idle);
      const measure = measureSwipe(event.clientX - origin.x, event.clientY - origin.y, { threshold, deadZone });
      if (isCompletedSwipe(measure, threshold)) onSwipe?.(measure.direction, measure);
    },
    [threshold, deadZone, onSwipe],
  );

  const onPointerCancel = useCallback((event: ReactPointerEvent<T>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    start.current = null;
    setState(idle);
  }, []);

  return { state, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}

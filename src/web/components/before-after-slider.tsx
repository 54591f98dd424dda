import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** The slider position runs from 0 to 100 and starts in the middle. */
export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_DEFAULT = 50;
const ARROW_STEP = 5;
const PAGE_STEP = 20;

const clamp = (value: number) => Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, value));

/** The position a key moves the slider to, or null for keys the slider does not handle. */
export function positionAfterKey(key: string, position: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - ARROW_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + ARROW_STEP);
    case 'PageDown':
      return clamp(position - PAGE_STEP);
    case 'PageUp':
      return clamp(position + PAGE_STEP);
    case 'Home':
      return SLIDER_MIN;
    case 'End':
      return SLIDER_MAX;
    default:
      return null;
  }
}

/** Where a pointer at clientX puts the divider, as a share of the element's width. */
export function positionAtPointer(clientX: number, rect: { left: number; width: number }): number {
  if (rect.width <= 0) return SLIDER_DEFAULT;
  return clamp(((clientX - rect.left) / rect.width) * 100);
}

export interface BeforeAfterSliderProps {
  /** The "before" picture, drawn over the "after" one and cut at the divider by `clip`. */
  renderBefore: (clip: CSSProperties) => ReactNode;
  after: ReactNode;
  beforeLabel: string;
  afterLabel: string;
  /** The slider's accessible name. */
  label: string;
  /** The slider's value for assistive technology, e.g. "50% of the original photo shown". */
  valueText: (position: number) => string;
  /** The box's size and shape (the pictures fill it). */
  className?: string;
  style?: CSSProperties;
}

/**
 * A "before" picture over an "after" one, cut at a divider that is dragged (mouse, pen or touch)
 * or moved with the keyboard. Used by the landing page's samples and the studio's Compare.
 */
export function BeforeAfterSlider({
  renderBefore,
  after,
  beforeLabel,
  afterLabel,
  label,
  valueText,
  className,
  style,
}: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(SLIDER_DEFAULT);
  const dragPointer = useRef<number | null>(null);
  const rounded = Math.round(position);

  const moveTo = (event: PointerEvent<HTMLDivElement>) =>
    setPosition(positionAtPointer(event.clientX, event.currentTarget.getBoundingClientRect()));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragPointer.current = event.pointerId;
    try {
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // Not capturable (pointer already gone); dragging still works inside the picture.
    }
    moveTo(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragPointer.current === event.pointerId) moveTo(event);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragPointer.current === event.pointerId) dragPointer.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = positionAfterKey(event.key, position);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  };

  return (
    <div
      data-testid="before-after"
      className={cn('relative cursor-ew-resize touch-pan-y overflow-hidden bg-muted select-none', className)}
      style={style}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      {after}
      {renderBefore({ clipPath: `inset(0 ${100 - position}% 0 0)` })}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-3 left-3 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white"
      >
        {beforeLabel}
      </span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-3 right-3 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white"
      >
        {afterLabel}
      </span>
      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.25)]"
        style={{ left: `${position}%` }}
      >
        <div
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-valuemin={SLIDER_MIN}
          aria-valuemax={SLIDER_MAX}
          aria-valuenow={rounded}
          aria-valuetext={valueText(rounded)}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          className="pointer-events-auto absolute top-1/2 left-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary text-primary-foreground shadow-lg"
        >
          <ChevronsLeftRight aria-hidden="true" className="size-5" />
        </div>
      </div>
    </div>
  );
}

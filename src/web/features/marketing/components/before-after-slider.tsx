import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SamplePicture } from './sample-picture';

/** Spec section 4: the slider position runs from 0 to 100 and starts in the middle. */
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

interface SliderImage {
  src: string;
  alt: string;
}

export interface BeforeAfterSliderProps {
  before: SliderImage;
  after: SliderImage;
  afterLabel: string;
  /** Names the slider for assistive technology, e.g. the sample's title. */
  label: string;
  width: number;
  height: number;
}

/**
 * The desktop sample view: the "before" photo over the "after" one, cut at a divider the visitor
 * drags (mouse, pen or touch) or moves with the keyboard.
 */
export function BeforeAfterSlider({ before, after, afterLabel, label, width, height }: BeforeAfterSliderProps) {
  const { t } = useTranslation('marketing');
  const [position, setPosition] = useState(SLIDER_DEFAULT);
  const dragPointer = useRef<number | null>(null);
  const rounded = Math.round(position);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => setPosition(positionAtPointer(event.clientX, event.currentTarget.getBoundingClientRect()));

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
      className="relative aspect-square cursor-ew-resize touch-pan-y overflow-hidden bg-muted select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <SamplePicture src={after.src} alt={after.alt} width={width} height={height} className="absolute inset-0 size-full" />
      <SamplePicture
        src={before.src}
        alt={before.alt}
        width={width}
        height={height}
        className="absolute inset-0 size-full"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span aria-hidden="true" className="pointer-events-none absolute top-3 left-3 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white">
        {t('gallery.before')}
      </span>
      <span aria-hidden="true" className="pointer-events-none absolute top-3 right-3 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white">
        {afterLabel}
      </span>
      <div className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.25)]" style={{ left: `${position}%` }}>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('gallery.sliderLabel', { title: label })}
          aria-valuemin={SLIDER_MIN}
          aria-valuemax={SLIDER_MAX}
          aria-valuenow={rounded}
          aria-valuetext={t('gallery.sliderValue', { value: rounded })}
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

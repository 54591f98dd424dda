import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_LOCK_MS } from '@shared/constants';
import { cn } from '@web/lib/cn';
import { useSwipe, type SwipeDirection } from '@web/lib/use-swipe';
import { SamplePicture } from './sample-picture';

export interface CarouselSlide {
  src: string;
  alt: string;
  label: string;
}

export interface SampleCarouselProps {
  /** 'Before' first, then the outputs. */
  slides: CarouselSlide[];
  label: string;
  width: number;
  height: number;
}

/**
 * An index that moves at most once per lock period: while a slide is still moving in, further
 * requests are dropped rather than queued, so a fast double swipe cannot skip past a picture.
 */
export function useLockedIndex(count: number, lockMs: number = CAROUSEL_LOCK_MS) {
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (unlockTimer.current) clearTimeout(unlockTimer.current);
      unlockTimer.current = null;
    },
    [],
  );

  const goTo = useCallback(
    (target: number): boolean => {
      if (unlockTimer.current || target < 0 || target >= count || target === indexRef.current) return false;
      indexRef.current = target;
      setIndex(target);
      unlockTimer.current = setTimeout(() => {
        unlockTimer.current = null;
      }, lockMs);
      return true;
    },
    [count, lockMs],
  );
  return { index, goTo };
}

/** How far the track follows a finger past the first or last slide (a little, to show the end). */
const EDGE_RESISTANCE = 0.3;

/** The mobile sample view: swipe (or use the buttons) from 'Before' through the outputs. */
export function SampleCarousel({ slides, label, width, height }: SampleCarouselProps) {
  const { t } = useTranslation('marketing');
  const { index, goTo } = useLockedIndex(slides.length);
  const onSwipe = useCallback(
    (direction: SwipeDirection) => {
      if (direction === 'left') goTo(index + 1);
      if (direction === 'right') goTo(index - 1);
    },
    [goTo, index],
  );
  const { state: swipe, handlers } = useSwipe<HTMLDivElement>({ onSwipe });
  const horizontalDrag = swipe.active && (swipe.direction === 'left' || swipe.direction === 'right');
  const atEdge = (index === 0 && swipe.deltaX > 0) || (index === slides.length - 1 && swipe.deltaX < 0);
  const dragOffset = horizontalDrag ? swipe.deltaX * (atEdge ? EDGE_RESISTANCE : 1) : 0;
  const current = slides[index];

  return (
    <div role="region" aria-roledescription={t('gallery.carousel')} aria-label={label}>
      <div
        className="relative aspect-square touch-pan-y overflow-hidden bg-muted select-none"
        data-testid="carousel-viewport"
        {...handlers}
      >
        <div
          className={cn('flex h-full', !horizontalDrag && 'transition-transform duration-300 ease-out motion-reduce:transition-none')}
          style={{ transform: `translateX(calc(${-index * 100}% + ${dragOffset}px))` }}
        >
          {slides.map((slide, slideIndex) => (
            <div
              key={slide.src}
              role="group"
              aria-roledescription={t('gallery.slide')}
              aria-label={t('gallery.slidePosition', { position: slideIndex + 1, count: slides.length, label: slide.label })}
              aria-hidden={slideIndex !== index}
              className="relative h-full w-full shrink-0"
            >
              <SamplePicture src={slide.src} alt={slide.alt} width={width} height={height} className="size-full" />
              <span className="pointer-events-none absolute top-3 left-3 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white">
                {slide.label}
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 px-2 pt-2">
        <button
          type="button"
          onClick={() => goTo(index - 1)}
          disabled={index === 0}
          aria-label={t('gallery.previous')}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-muted disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <div className="flex items-center gap-1">
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.src}
              type="button"
              onClick={() => goTo(slideIndex)}
              aria-label={t('gallery.showSlide', { label: slide.label })}
              aria-current={slideIndex === index}
              className="flex size-8 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={cn('block size-2.5 rounded-full', slideIndex === index ? 'bg-primary' : 'bg-muted-foreground/40')}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => goTo(index + 1)}
          disabled={index === slides.length - 1}
          aria-label={t('gallery.next')}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-muted disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p className="sr-only" aria-live="polite" data-testid="carousel-status">
        {current ? t('gallery.slidePosition', { position: index + 1, count: slides.length, label: current.label }) : null}
      </p>
    </div>
  );
}

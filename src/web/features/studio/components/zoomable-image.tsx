import { Maximize, Minus, Plus, Scan } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { actualSizeScale, clampView, FITTED, viewAfterKey, zoomTo, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type Size, type View } from '../lib/zoom';

const sizeOf = (element: HTMLElement | null): Size => ({ width: element?.offsetWidth ?? 0, height: element?.offsetHeight ?? 0 });

/** A wheel notch (about 100 px of delta) zooms by a little under 20 %. */
const WHEEL_ZOOM_PER_PX = 0.0018;

/**
 * The preview's image, fitted to the screen, zoomed by wheel, pinch, the 'Zoom in' / 'Zoom out'
 * buttons or the keyboard (+, −, 0 fit, 1 for 100 %), and panned by dragging or the arrow keys.
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation('studio');
  const frame = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [view, setView] = useState<View>(FITTED);
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);
  // Screen pixels per image pixel when fitted, measured once the image has loaded: says the zoom as a percentage.
  const [fittedPerNatural, setFittedPerNatural] = useState<number | null>(null);
  const measureFit = () => {
    const natural = image.current?.naturalWidth ?? 0;
    setFittedPerNatural(natural > 0 ? sizeOf(image.current).width / natural : null);
  };
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ distance: number; scale: number } | null>(null);

  const measure = () => ({ fitted: sizeOf(image.current), frameSize: sizeOf(frame.current) });
  const natural = (): Size => ({ width: image.current?.naturalWidth ?? 0, height: image.current?.naturalHeight ?? 0 });
  /** A point on screen relative to the frame's centre. */
  const focusAt = (clientX: number, clientY: number) => {
    const rect = frame.current!.getBoundingClientRect();
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  };
  const zoomBy = (factor: number, focus = { x: 0, y: 0 }) => {
    const { fitted, frameSize } = measure();
    setView((current) => zoomTo(current, current.scale * factor, focus, fitted, frameSize));
  };

  // The wheel zooms instead of scrolling the page: React's wheel listener is passive, so a native one.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { fitted, frameSize } = measure();
      const current = viewRef.current;
      setView(
        zoomTo(
          current,
          current.scale * Math.exp(-event.deltaY * WHEEL_ZOOM_PER_PX),
          focusAt(event.clientX, event.clientY),
          fitted,
          frameSize,
        ),
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    // A resized screen (a phone turned) fits the image anew.
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            measureFit();
            setView(FITTED);
          })
        : null;
    resized?.observe(element);
    return () => {
      element.removeEventListener('wheel', onWheel);
      resized?.disconnect();
    };
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // The pointer is already gone; the gesture simply ends.
    }
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      gesture.current = { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), scale: viewRef.current.scale };
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    const { fitted, frameSize } = measure();
    if (pointers.current.size === 2 && gesture.current) {
      // Pinch: the zoom follows the fingers' spread, about their midpoint.
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      const focus = focusAt((a!.x + b!.x) / 2, (a!.y + b!.y) / 2);
      setView((current) =>
        zoomTo(current, (gesture.current!.scale * distance) / Math.max(1, gesture.current!.distance), focus, fitted, frameSize),
      );
      return;
    }
    if (pointers.current.size === 1) {
      setView((current) => clampView({ ...current, x: current.x + now.x - last.x, y: current.y + now.y - last.y }, fitted, frameSize));
    }
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { fitted, frameSize } = measure();
    const next = viewAfterKey(event.key, view, fitted, frameSize, natural());
    if (!next) return;
    event.preventDefault();
    setView(next);
  };

  const fitted = view.scale === ZOOM_MIN;
  const percent = Math.round(view.scale * 100 * (fittedPerNatural ?? 1));
  const toggleFit = () => {
    if (!fitted) return setView(FITTED);
    const { fitted: fittedSize, frameSize } = measure();
    setView(zoomTo(FITTED, actualSizeScale(natural(), fittedSize), { x: 0, y: 0 }, fittedSize, frameSize));
  };

  return (
    <div className="flex size-full min-h-0 flex-col items-center gap-3">
      <div
        ref={frame}
        role="group"
        tabIndex={0}
        aria-roledescription={t('chatUi.zoom.roleDescription')}
        aria-label={t('chatUi.zoom.label', { name: alt })}
        data-testid="zoom-frame"
        data-scale={view.scale.toFixed(3)}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={(event) => (fitted ? zoomBy(ZOOM_STEP * ZOOM_STEP, focusAt(event.clientX, event.clientY)) : setView(FITTED))}
        className={`relative flex min-h-0 w-full flex-1 touch-none items-center justify-center overflow-hidden rounded-lg select-none ${fitted ? 'cursor-zoom-in' : 'cursor-grab'}`}
      >
        <img
          ref={image}
          src={src}
          alt={alt}
          draggable={false}
          onLoad={measureFit}
          className="max-h-full max-w-full object-contain will-change-transform"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
      <div className="flex items-center gap-1 rounded-full bg-black/70 p-1 text-white" role="toolbar" aria-label={t('chatUi.zoom.toolbar')}>
        <button
          type="button"
          className="flex size-9 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-40"
          aria-label={t('chatUi.zoom.out')}
          disabled={view.scale <= ZOOM_MIN}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <span className="min-w-14 text-center text-xs tabular-nums" data-testid="zoom-level" aria-live="polite">
          {t('chatUi.zoom.percent', { value: percent })}
        </span>
        <button
          type="button"
          className="flex size-9 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-40"
          aria-label={t('chatUi.zoom.in')}
          disabled={view.scale >= ZOOM_MAX}
          onClick={() => zoomBy(ZOOM_STEP)}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
        <button type="button" className="flex h-9 items-center gap-1 rounded-full px-3 text-xs hover:bg-white/15" onClick={toggleFit}>
          {fitted ? <Scan className="size-4" aria-hidden="true" /> : <Maximize className="size-4" aria-hidden="true" />}
          {fitted ? t('chatUi.zoom.actualSize') : t('chatUi.zoom.fit')}
        </button>
      </div>
    </div>
  );
}

import { ImageOff } from 'lucide-react';
import { createContext, useContext, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { SAMPLE_MAX_SIZE_PX, SAMPLE_SMALL_SIZE_PX, smallVariantOf } from '../samples';

/** The gallery's column width at each breakpoint: one column, two from md, three of 368 px from lg. */
const GALLERY_SIZES = '(min-width: 1024px) 368px, (min-width: 768px) 50vw, 100vw';

/**
 * Pictures load once they are within one screen height of being seen. The browser's own lazy
 * loading reaches further on some connections (Chrome: 3000 px and more when it cannot tell the
 * connection's speed), which on a phone fetched the gallery's first six pictures, about 420 KB,
 * while the page was still being painted.
 */
const NEAR_SCREEN_MARGIN = '100% 0px';

const NearScreenContext = createContext(true);

/** The sample pictures inside load once this block nears the screen; elsewhere the browser decides. */
export function LoadPicturesNearScreen({ children }: { children: ReactNode }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return (
    <div ref={setElement}>
      <NearScreenContext value={near}>{children}</NearScreenContext>
    </div>
  );
}

export interface SamplePictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
}

/**
 * A lazily loaded sample image at the size the screen needs (480 or 960 px wide), saying so
 * plainly when the file cannot be loaded.
 */
export function SamplePicture({ src, alt, width, height, className, style }: SamplePictureProps) {
  const { t } = useTranslation('marketing');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // Until then the frame's muted background stands in for the picture.
  if (!useContext(NearScreenContext)) return null;
  if (failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn('flex flex-col items-center justify-center gap-2 bg-muted text-sm text-muted-foreground', className)}
        style={style}
      >
        <ImageOff aria-hidden="true" className="size-6" />
        <span>{t('gallery.imageUnavailable')}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={`${smallVariantOf(src)} ${SAMPLE_SMALL_SIZE_PX}w, ${src} ${SAMPLE_MAX_SIZE_PX}w`}
      sizes={GALLERY_SIZES}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailedSrc(src)}
      className={cn('object-cover', className)}
      style={style}
    />
  );
}

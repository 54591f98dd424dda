import { ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { thumbnailLayout } from '../lib/session-thumbnails';

/** A session card's picture: a 2×2 grid of four, the latest of one to three, or a placeholder. */
export function SessionThumbnail({ thumbnails }: { thumbnails: readonly string[] }) {
  const { t } = useTranslation('studio');
  const layout = thumbnailLayout(thumbnails);
  if (layout.kind === 'grid') {
    return (
      <div className="grid aspect-square grid-cols-2 grid-rows-2 gap-0.5 overflow-hidden bg-muted" data-layout="grid">
        {layout.images.map((src) => (
          <img key={src} src={src} alt="" loading="lazy" className="size-full object-cover" />
        ))}
      </div>
    );
  }
  if (layout.kind === 'single') {
    return (
      <div className="aspect-square overflow-hidden bg-muted" data-layout="single">
        <img src={layout.image} alt="" loading="lazy" className="size-full object-cover" />
      </div>
    );
  }
  return (
    <div className="flex aspect-square flex-col items-center justify-center gap-2 bg-muted text-muted-foreground" data-layout="placeholder">
      <ImageIcon className="size-8" aria-hidden="true" />
      <span className="text-xs">{t('sessions.noImages')}</span>
    </div>
  );
}

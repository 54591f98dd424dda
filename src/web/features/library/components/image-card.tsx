import { Download, ImageOff, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeLeft } from '@shared/retention';
import type { UserFile } from '@shared/studio';
import { cn } from '@web/lib/cn';
import { formatUploadDate, truncateName, truncatePrompt } from '@web/lib/format';

/** Spec section 4, image card: pending, uploading, complete, error. */
export type ImageCardStatus = 'pending' | 'uploading' | 'complete' | 'error';
export type ImageLoadState = 'loading' | 'loaded' | 'error';

const ringClasses: Record<ImageCardStatus, string> = {
  pending: 'ring-1 ring-border',
  uploading: 'ring-1 ring-border',
  complete: 'ring-2 ring-success/70',
  error: 'ring-2 ring-destructive',
};

const badgeKeys = { pending: 'card.pending', uploading: 'card.uploading', complete: 'card.ready' } as const;

/** The preview opens only for an image that loaded without error and is not still uploading. */
export function canOpenPreview(status: ImageCardStatus, load: ImageLoadState): boolean {
  return load === 'loaded' && status !== 'error' && status !== 'uploading';
}

const actionClasses =
  'inline-flex h-9 w-9 items-center justify-center rounded-full bg-black/60 text-white shadow backdrop-blur transition hover:bg-black/80 disabled:cursor-not-allowed disabled:opacity-40';

export interface ImageCardProps {
  image: UserFile;
  status?: ImageCardStatus;
  /** Status badges show only in preview mode. */
  previewMode?: boolean;
  onOpen: (image: UserFile) => void;
  onDownload: (image: UserFile) => void;
  /** Only generated images can be deleted; without it the card has no delete button. */
  onDelete?: (image: UserFile) => void;
}

export function ImageCard({ image, status = 'complete', previewMode = false, onOpen, onDownload, onDelete }: ImageCardProps) {
  const { t, i18n } = useTranslation('library');
  const [load, setLoad] = useState<ImageLoadState>('loading');
  const failed = status === 'error' || load === 'error';
  const actionsEnabled = load === 'loaded' && !failed;
  const uploading = status === 'uploading';
  const name = image.is_generated ? image.contentDescription || t('card.generatedImage') : image.original_filename;
  const badgeKey = status === 'error' ? null : badgeKeys[status];
  // How long the retention job leaves it (decision 015): download what you want to keep.
  const left = timeLeft(new Date(image.expires_at), new Date());
  const expires = left ? t(`card.expiresIn_${left.unit}`, { count: left.count }) : t('card.expiresSoon');

  return (
    <figure
      className={cn('group relative overflow-hidden rounded-xl bg-muted', ringClasses[failed ? 'error' : status])}
      data-image-id={image.id}
      data-load-state={load}
    >
      <button
        type="button"
        className="relative block aspect-square w-full cursor-zoom-in disabled:cursor-default"
        disabled={!canOpenPreview(status, load)}
        onClick={() => onOpen(image)}
        aria-label={t('card.openPreview', { name })}
      >
        {failed ? (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-2 text-center text-xs text-muted-foreground">
            <ImageOff className="h-8 w-8" aria-hidden="true" />
            {t('card.failedToLoad')}
          </span>
        ) : (
          <img
            src={image.thumbnailUrl || image.file_url}
            alt=""
            loading="lazy"
            decoding="async"
            onLoad={() => setLoad('loaded')}
            onError={() => setLoad('error')}
            className={cn('h-full w-full object-cover transition-opacity', load === 'loaded' ? 'opacity-100' : 'opacity-0')}
          />
        )}
        {load === 'loading' && !failed && <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-muted" />}
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center bg-black/30">
            <Loader2 className="h-6 w-6 animate-spin text-white" aria-hidden="true" />
          </span>
        )}
      </button>

      {previewMode && badgeKey && (
        <span
          className={cn(
            'pointer-events-none absolute top-2 left-2 rounded-full px-2 py-0.5 text-xs font-semibold',
            status === 'complete' ? 'bg-success text-white' : 'bg-black/70 text-white',
          )}
        >
          {t(badgeKey)}
        </span>
      )}

      {!uploading && (
        <>
          <div className="absolute top-2 right-2 flex gap-1.5 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
            <button
              type="button"
              className={actionClasses}
              disabled={!actionsEnabled}
              onClick={() => onDownload(image)}
              aria-label={t('card.download')}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
            </button>
            {onDelete && (
              <button
                type="button"
                className={cn(actionClasses, 'hover:bg-destructive')}
                disabled={!actionsEnabled}
                onClick={() => onDelete(image)}
                aria-label={t('card.delete')}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <figcaption className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-2 pt-6 text-white">
            {image.is_generated ? (
              image.contentDescription && (
                <span className="inline-block max-w-full truncate rounded-full bg-black/60 px-2 py-0.5 text-xs">
                  {truncatePrompt(image.contentDescription)}
                </span>
              )
            ) : (
              <>
                <span className="block truncate text-xs font-medium">{truncateName(image.original_filename)}</span>
                <span className="block text-[11px] text-white/90">
                  {formatUploadDate(image.upload_timestamp, t('card.unknownDate'), i18n.language)}
                </span>
              </>
            )}
            <span className="mt-0.5 block text-[11px] text-white/90">{expires}</span>
          </figcaption>
        </>
      )}
    </figure>
  );
}

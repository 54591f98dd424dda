import * as Dialog from '@radix-ui/react-dialog';
import { Download, MessageSquare, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { PREVIEW_SWIPE_CLOSE_THRESHOLD } from '@shared/constants';
import type { UserFile } from '@shared/studio';
import { useSwipe } from '@web/lib/use-swipe';

/**
 * The full-size preview: closes with the close button, Escape, or a
 * swipe up or down past the threshold; a shorter swipe springs back.
 */
export function ImagePreviewDialog({
  image,
  onClose,
  onDownload,
  onCloseAutoFocus,
}: {
  image: UserFile | null;
  onClose: () => void;
  onDownload: (image: UserFile) => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const { t } = useTranslation('library');
  const { state: swipe, handlers } = useSwipe<HTMLDivElement>({
    threshold: PREVIEW_SWIPE_CLOSE_THRESHOLD,
    onSwipe: (direction) => {
      if (direction === 'up' || direction === 'down') onClose();
    },
  });
  // The image follows the finger up or down; sideways movement leaves it in place.
  const vertical = swipe.direction === 'up' || swipe.direction === 'down';
  const offsetY = vertical ? swipe.deltaY : 0;
  const progress = vertical ? swipe.progress : 0;
  const title = image ? (image.is_generated ? image.contentDescription || t('card.generatedImage') : image.original_filename) : '';
  return (
    <Dialog.Root open={image !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black" style={{ opacity: 0.92 - progress * 0.5 }} />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 p-3 text-white">
            <Dialog.Title className="min-w-0 truncate text-sm font-medium">{title}</Dialog.Title>
            <div className="flex shrink-0 gap-2">
              {/* The chat message the image came from, opened at that message however old it is. */}
              {image?.origin && (
                <Link
                  to={paths.session.getHref(image.origin.session_id, image.origin.message_id)}
                  aria-label={t('origin.showInChatLabel', { name: title })}
                  className="inline-flex h-10 items-center gap-2 rounded-full bg-white/15 px-4 text-sm font-medium hover:bg-white/25"
                >
                  <MessageSquare className="h-4 w-4" aria-hidden="true" />
                  <span className="hidden sm:inline">{t('origin.showInChat')}</span>
                </Link>
              )}
              {image && (
                <button
                  type="button"
                  onClick={() => onDownload(image)}
                  className="inline-flex h-10 items-center gap-2 rounded-full bg-white/15 px-4 text-sm font-medium hover:bg-white/25"
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                  {t('preview.download')}
                </button>
              )}
              <Dialog.Close
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
                aria-label={t('preview.close')}
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
          </div>
          <div
            data-testid="image-preview-swipe-area"
            className="flex min-h-0 flex-1 touch-none items-center justify-center p-4 select-none"
            style={{ transform: `translateY(${offsetY}px)`, transition: offsetY === 0 ? 'transform 200ms ease-out' : 'none' }}
            {...handlers}
          >
            {image && (
              <img
                src={image.file_url}
                alt={title}
                draggable={false}
                className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

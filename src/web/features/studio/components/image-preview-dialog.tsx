import * as Dialog from '@radix-ui/react-dialog';
import { Columns2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';
import { ImageActions, type ImageActionHandlers } from './image-actions';
import { ImageCompare } from './image-compare';
import { ZoomableImage } from './zoomable-image';

interface ImagePreviewDialogProps {
  file: MessageFile | null;
  onClose: () => void;
  imageActions?: ImageActionHandlers | undefined;
  /** The image `file` was edited from: offers 'Compare' (before/after). */
  compareWith?: MessageFile | null | undefined;
  /** Where focus goes when it closes (by default, the element focused before it opened). */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

/** A message image shown large: zoom and pan, and for an edit a before/after Compare. */
export function ImagePreviewDialog({ file, onClose, imageActions, compareWith, onCloseAutoFocus }: ImagePreviewDialogProps) {
  const { t } = useTranslation('studio');
  const [comparing, setComparing] = useState<string | null>(null);
  // Compare is switched on per image: another image opens zoomable again.
  const showCompare = file !== null && compareWith != null && comparing === file.id;
  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col items-center gap-3 p-4 pt-16"
          aria-describedby={undefined}
          onClick={onClose}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title className="sr-only">{t('session.imagePreview', { name: file?.originalFilename ?? '' })}</Dialog.Title>
          {file && (
            <div className="flex min-h-0 w-full flex-1 flex-col items-center gap-3" onClick={(event) => event.stopPropagation()}>
              {showCompare ? (
                <ImageCompare before={compareWith} after={file} />
              ) : (
                <ZoomableImage key={file.id} src={file.fileUrl} alt={file.originalFilename} />
              )}
            </div>
          )}
          {file && imageActions && (
            <div onClick={(event) => event.stopPropagation()}>
              <ImageActions
                file={file}
                tone="preview"
                onNavigate={onClose}
                handlers={{
                  onDownload: imageActions.onDownload,
                  // The chip goes to the composer: the preview steps aside for it.
                  onEdit: (chosen) => {
                    imageActions.onEdit(chosen);
                    onClose();
                  },
                  onSelectArea: imageActions.onSelectArea
                    ? (chosen) => {
                        imageActions.onSelectArea?.(chosen);
                        onClose();
                      }
                    : undefined,
                }}
              />
            </div>
          )}
          <div className="absolute top-4 right-4 flex items-center gap-2" onClick={(event) => event.stopPropagation()}>
            {file && compareWith && (
              <button
                type="button"
                aria-pressed={showCompare}
                onClick={() => setComparing(showCompare ? null : file.id)}
                className="flex h-10 items-center gap-2 rounded-full bg-black/60 px-4 text-sm font-medium text-white hover:bg-black/80 aria-pressed:bg-white aria-pressed:text-black"
              >
                <Columns2 className="size-4" aria-hidden="true" />
                {t('chatUi.compare.toggle')}
              </button>
            )}
            <Dialog.Close
              className="flex size-10 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
              aria-label={t('session.close')}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

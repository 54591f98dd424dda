import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';
import { ImageActions, type ImageActionHandlers } from './image-actions';

/** A message image shown large. */
export function ImagePreviewDialog({
  file,
  onClose,
  imageActions,
  onCloseAutoFocus,
}: {
  file: MessageFile | null;
  onClose: () => void;
  imageActions?: ImageActionHandlers | undefined;
  /** Where focus goes when it closes (by default, the element focused before it opened). */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const { t } = useTranslation('studio');
  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content className="fixed inset-0 z-50 flex items-center justify-center p-4" aria-describedby={undefined} onClick={onClose} onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className="sr-only">{t('session.imagePreview', { name: file?.originalFilename ?? '' })}</Dialog.Title>
          {file && <img src={file.fileUrl} alt={file.originalFilename} className="max-h-[calc(100%-3rem)] max-w-full rounded-lg object-contain" onClick={(event) => event.stopPropagation()} />}
          {file && imageActions && (
            <div className="absolute bottom-4 left-1/2 -translate-x-1/2" onClick={(event) => event.stopPropagation()}>
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
          <Dialog.Close className="absolute top-4 right-4 flex size-10 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80" aria-label={t('session.close')}>
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

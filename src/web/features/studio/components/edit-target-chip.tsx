import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';

/** The image the next message refers to ('Edit this image'), shown in the composer until sent or removed. */
export function EditTargetChip({
  file,
  onRemove,
  overlayUrl,
}: {
  file: MessageFile;
  onRemove: () => void;
  overlayUrl?: string | undefined;
}) {
  const { t } = useTranslation('studio');
  return (
    <div className="px-3 pt-3 sm:px-4">
      <div
        className="inline-flex max-w-full items-center gap-2 rounded-full border bg-muted py-1 pr-1 pl-1 text-sm"
        role="status"
        data-testid="edit-target-chip"
      >
        <span className="relative size-7 shrink-0 overflow-hidden rounded-full">
          <img src={file.thumbnailUrl || file.fileUrl} alt="" className="size-full object-cover" />
          {/* The selected area over the image, as the editor showed it. */}
          {overlayUrl && (
            <img src={overlayUrl} alt="" className="absolute inset-0 size-full object-cover opacity-60" data-testid="edit-target-area" />
          )}
        </span>
        <span className="truncate">
          {overlayUrl ? t('mask.editingArea', { name: file.originalFilename }) : t('image.editing', { name: file.originalFilename })}
        </span>
        <button
          type="button"
          onClick={onRemove}
          className="flex size-7 items-center justify-center rounded-full hover:bg-background"
          aria-label={t('image.stopEditing')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

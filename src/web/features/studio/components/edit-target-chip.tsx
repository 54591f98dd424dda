import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';

/** The image the next message refers to ('Edit this image'), shown in the composer until sent or removed. */
export function EditTargetChip({ file, onRemove }: { file: MessageFile; onRemove: () => void }) {
  const { t } = useTranslation('studio');
  return (
    <div className="px-3 pt-3 sm:px-4">
      <div className="inline-flex max-w-full items-center gap-2 rounded-full border bg-muted py-1 pr-1 pl-1 text-sm" role="status" data-testid="edit-target-chip">
        <img src={file.thumbnailUrl || file.fileUrl} alt="" className="size-7 rounded-full object-cover" />
        <span className="truncate">{t('image.editing', { name: file.originalFilename })}</span>
        <button type="button" onClick={onRemove} className="flex size-7 items-center justify-center rounded-full hover:bg-background" aria-label={t('image.stopEditing')}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

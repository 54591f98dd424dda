import { ImageDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENTS } from '@shared/constants';

/** Shown while files are dragged over the session screen: the whole screen is the drop zone. */
export function DropZoneOverlay({ visible, freeSlots }: { visible: boolean; freeSlots: number }) {
  const { t } = useTranslation('studio');
  if (!visible) return null;
  return (
    <div
      data-testid="drop-zone"
      className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-background/80 p-6 backdrop-blur-sm"
    >
      <div className="flex max-w-sm flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-primary bg-background px-8 py-10 text-center shadow-lg">
        <ImageDown className="size-10 text-primary" aria-hidden="true" />
        <p className="text-base font-semibold">
          {freeSlots > 0 ? t('chatUi.drop.title') : t('composer.maxFilesError', { max: MAX_ATTACHMENTS })}
        </p>
        {freeSlots > 0 && <p className="text-sm text-muted-foreground">{t('chatUi.drop.hint', { count: freeSlots })}</p>}
      </div>
    </div>
  );
}

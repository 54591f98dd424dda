import { Download, Images, PencilLine, SquareDashedMousePointer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import type { MessageFile } from '@shared/studio';
import { buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

export interface ImageActionHandlers {
  onDownload: (file: MessageFile) => void;
  /** The next message refers to exactly this image (a chip in the composer). */
  onEdit: (file: MessageFile) => void;
  /** 'Select area': paint the part of this image the next edit may change. */
  onSelectArea?: ((file: MessageFile) => void) | undefined;
}

/** Download, Open in Library and 'Edit this image' for one image, in the chat and its preview. */
export function ImageActions({
  file,
  handlers,
  tone = 'chat',
  onNavigate,
}: {
  file: MessageFile;
  handlers: ImageActionHandlers;
  tone?: 'chat' | 'preview';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('studio');
  const classes = cn(
    buttonClasses(tone === 'preview' ? 'secondary' : 'ghost', 'sm', 'h-8 px-2 text-xs'),
    tone === 'preview' && 'bg-white/90 text-foreground',
  );
  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label={t('image.actions', { name: file.originalFilename })}>
      <button type="button" className={classes} onClick={() => handlers.onDownload(file)}>
        <Download className="size-3.5" aria-hidden="true" />
        {t('image.download')}
      </button>
      <Link to={paths.library.getHref(file.id)} className={classes} onClick={onNavigate}>
        <Images className="size-3.5" aria-hidden="true" />
        {t('image.openInLibrary')}
      </Link>
      <button type="button" className={classes} onClick={() => handlers.onEdit(file)}>
        <PencilLine className="size-3.5" aria-hidden="true" />
        {t('image.edit')}
      </button>
      {handlers.onSelectArea && (
        <button type="button" className={classes} onClick={() => handlers.onSelectArea?.(file)}>
          <SquareDashedMousePointer className="size-3.5" aria-hidden="true" />
          {t('mask.selectArea')}
        </button>
      )}
    </div>
  );
}

/**
 * 'Select area' alone, for a photo the user sent: the other actions are for pictures made here
 * (a photo of one's own is already on the device and in the Library).
 */
export function SelectAreaAction({ file, onSelectArea }: { file: MessageFile; onSelectArea: (file: MessageFile) => void }) {
  const { t } = useTranslation('studio');
  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label={t('image.actions', { name: file.originalFilename })}>
      <button type="button" className={buttonClasses('ghost', 'sm', 'h-8 px-2 text-xs')} onClick={() => onSelectArea(file)}>
        <SquareDashedMousePointer className="size-3.5" aria-hidden="true" />
        {t('mask.selectArea')}
      </button>
    </div>
  );
}

import { ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';

/**
 * What a message shows for an image the retention job deleted (decision 015): a placeholder that
 * says so, with the prompt it was made from (or the photo's name), never a broken image.
 */
export function ExpiredImage({ file }: { file: MessageFile }) {
  const { t } = useTranslation('studio');
  const title = file.isGenerated ? t('session.expiredImage') : t('session.expiredUpload');
  const detail = file.isGenerated ? file.contentDescription : file.originalFilename;
  return (
    <div
      className="flex min-h-32 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-current/30 p-3 text-center text-xs opacity-80"
      data-expired-file={file.id}
    >
      <ImageOff className="size-6" aria-hidden="true" />
      <span className="font-medium">{title}</span>
      {detail && <span className="break-words">{detail}</span>}
    </div>
  );
}

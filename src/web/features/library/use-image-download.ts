import { useTranslation } from 'react-i18next';
import type { UserFile } from '@shared/studio';
import { downloadImage } from '@web/lib/download-image';

/** Saves a library image under its own file name, with the spec's fallbacks and alerts. */
export function useImageDownload() {
  const { t } = useTranslation('library');
  return (image: UserFile) =>
    downloadImage(image.file_url, {
      filename: image.original_filename,
      alerts: { openedInNewTab: t('download.openedInNewTab'), failed: t('download.failed') },
    });
}

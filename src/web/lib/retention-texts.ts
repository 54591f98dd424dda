import { useTranslation } from 'react-i18next';
import { largestWholeUnit } from '@shared/retention';
import { usePublicConfig } from './public-config';

/**
 * The server's retention figures (UPLOAD_RETENTION, GENERATED_RETENTION) in the reader's words —
 * "24 hours", "30 days" — for the texts that state them: About, Terms, Privacy, the landing page.
 * Taken from GET /api/config, so the pages say what the server does.
 */
export function useRetentionTexts(): { uploadRetention: string; generatedRetention: string } {
  const { t } = useTranslation('common');
  const { retention } = usePublicConfig();
  const words = (seconds: number) => {
    const { count, unit } = largestWholeUnit(seconds);
    return t(`duration.${unit}`, { count });
  };
  return { uploadRetention: words(retention.uploadSeconds), generatedRetention: words(retention.generatedSeconds) };
}

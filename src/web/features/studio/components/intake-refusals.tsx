import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENTS } from '@shared/constants';
import { UPLOAD_MAX_BYTES } from '@shared/studio';
import type { PickRefusal } from '../lib/composer-rules';

/** What a drop or paste could not attach, by name and reason, in the composer's words. */
export function IntakeRefusals({ refusals, onDismiss }: { refusals: readonly PickRefusal[]; onDismiss: () => void }) {
  const { t } = useTranslation('studio');
  if (refusals.length === 0) return null;
  return (
    <div className="flex items-start gap-2 px-3 pt-3 sm:px-4">
      <ul role="alert" className="flex flex-1 flex-col gap-0.5 text-xs text-destructive" data-testid="intake-refusals">
        {refusals.map((refusal, index) => (
          <li key={`${index}-${refusal.name}`}>
            {t(`composer.refused.${refusal.reason}`, { name: refusal.name, maxMb: UPLOAD_MAX_BYTES / 1024 / 1024, max: MAX_ATTACHMENTS })}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded p-1 text-muted-foreground hover:bg-muted"
        aria-label={t('chatUi.dismiss')}
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { EngineRefusal } from '@shared/engines';
import { useEngineNames } from '@web/lib/engine-names';

/** Why the chosen engine cannot do a request, and (when none can) that no engine here can. */
export function RefusalText({ refusal }: { refusal: EngineRefusal }) {
  const { t } = useTranslation('studio');
  const { nameOf } = useEngineNames();
  return (
    <span>
      {t(`refusal.${refusal.reason}`, { engine: nameOf(refusal.engine), subject: refusal.subject ?? '' })}
      {/* No picture to edit is not a matter of the engine: naming engines that cannot either would mislead. */}
      {refusal.capableEngines.length === 0 && refusal.reason !== 'no-picture' && ` ${t('refusal.noneCan')}`}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import type { EngineKind, EngineUsed } from '@shared/engines';
import { usePublicConfig } from './public-config';

/**
 * How an image engine is named to people: the operator's label (<KIND>_LABEL) when there is one,
 * else the reader's language's name for it; with the model that made a picture where one is known.
 */
export function useEngineNames() {
  const { t } = useTranslation('common');
  const { engines } = usePublicConfig();
  const nameOf = (kind: EngineKind): string => engines.find((engine) => engine.kind === kind)?.label ?? t(`engines.names.${kind}`);
  const describe = (used: EngineUsed): string =>
    used.model ? t('engines.withModel', { engine: nameOf(used.kind), model: used.model }) : nameOf(used.kind);
  return { nameOf, describe };
}

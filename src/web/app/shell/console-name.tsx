import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

function Name() {
  const { t } = useTranslation('admin');
  return <>{t('title')}</>;
}

/**
 * "Operator console" in an operator's menu. Its text is the console's own (the admin namespace,
 * loaded for operators only), so no byte of it reaches the pages everyone else loads.
 */
export function ConsoleName() {
  return (
    <Suspense fallback={null}>
      <Name />
    </Suspense>
  );
}

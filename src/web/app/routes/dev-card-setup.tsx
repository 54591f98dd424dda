import { useTranslation } from 'react-i18next';
import { TestCardSetupPanel } from '@web/features/billing';

/** The test-mode card page auto top-up's "Save a card" is sent to (/dev/card-setup, outside production only). */
export function DevCardSetupRoute() {
  const { t } = useTranslation('billing');
  return (
    <main className="mx-auto flex min-h-[60vh] w-full max-w-md items-center px-4 py-10">
      <section
        aria-labelledby="test-card-setup-title"
        className="flex w-full flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm"
      >
        <h1 id="test-card-setup-title" className="text-2xl font-bold tracking-tight">
          {t('testCardSetup.title')}
        </h1>
        <TestCardSetupPanel />
      </section>
    </main>
  );
}

export default DevCardSetupRoute;

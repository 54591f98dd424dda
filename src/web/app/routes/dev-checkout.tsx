import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TestCheckoutPanel } from '@web/features/billing';

/** The test-mode checkout page a custom top-up is sent to (/dev/checkout/:id, outside production only). */
export function DevCheckoutRoute() {
  const { t } = useTranslation('billing');
  const { id = '' } = useParams();
  return (
    <main className="mx-auto flex min-h-[60vh] w-full max-w-md items-center px-4 py-10">
      <section aria-labelledby="test-checkout-title" className="flex w-full flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm">
        <h1 id="test-checkout-title" className="text-2xl font-bold tracking-tight">
          {t('testCheckout.title')}
        </h1>
        <TestCheckoutPanel sessionId={id} />
      </section>
    </main>
  );
}

export default DevCheckoutRoute;

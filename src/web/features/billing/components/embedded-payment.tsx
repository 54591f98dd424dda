import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { usePublicConfig } from '@web/lib/public-config';
import { focusHeading } from '@web/lib/route-focus';
import { TestCheckoutPanel } from './test-checkout-panel';

const StripeEmbeddedCheckout = lazy(() => import('./stripe-embedded-checkout'));

export interface StartedCheckout {
  clientSecret: string;
  sessionId: string;
}

/**
 * 'Complete Your Payment' after a package was chosen: Stripe's embedded form, or with test-mode
 * payments the local checkout in its place. Stripe returns to the success page by itself.
 */
export function EmbeddedPayment({ checkout, onBack }: { checkout: StartedCheckout; onBack: () => void }) {
  const { t } = useTranslation('billing');
  const { payments } = usePublicConfig();
  // The package's button that opened this step is gone with the package list: reading goes on here.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    focusHeading(titleRef.current);
  }, []);
  return (
    <section aria-labelledby="complete-payment-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 id="complete-payment-title" ref={titleRef} className="text-2xl font-bold tracking-tight">
          {t('payment.completeTitle')}
        </h1>
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('payment.back')}
        </Button>
      </div>
      <div className="rounded-2xl border bg-background p-4 shadow-sm sm:p-6">
        {payments.mode === 'stripe' && payments.publishableKey ? (
          <Suspense
            fallback={
              <p role="status" className="text-muted-foreground">
                {t('payment.loadingCheckout')}
              </p>
            }
          >
            <StripeEmbeddedCheckout publishableKey={payments.publishableKey} clientSecret={checkout.clientSecret} />
          </Suspense>
        ) : (
          <TestCheckoutPanel sessionId={checkout.sessionId} onCancelled={onBack} />
        )}
      </div>
    </section>
  );
}

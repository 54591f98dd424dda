import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BALANCE_REFRESH_AFTER_TOP_UP_MS } from '@shared/constants';
import { isAppError } from '@shared/errors';
import { focusFirst } from '@web/lib/focus-return';
import { usePublicConfig } from '@web/lib/public-config';
import { useErrorText } from '@web/lib/server-text';
import { focusableHeading } from '@web/lib/route-focus';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { useCreateTopUpSession } from '../api/create-top-up-session';
import { useBalance } from '../api/get-balance';
import type { Price } from '@shared/billing';
import { usePrices } from '../api/get-prices';
import { refreshBalances } from '../api/query-keys';
import { rememberPaymentReturn } from '../payment-return';
import { BalanceHeader } from './balance-header';
import { CustomAmountCard } from './custom-amount-card';
import { EmbeddedPayment, type StartedCheckout } from './embedded-payment';
import { PackageGrid } from './package-grid';
import { PaymentErrorAlert } from './payment-error-alert';
import { SpendingLimitsSection } from './spending-limits-section';
import { AutoTopUpSection } from './auto-top-up-section';

/**
 * The Billing screen: idle → creating a session (spinner, buttons off) → the embedded
 * payment once a client secret arrives; 'Back to payment options' clears it. A custom amount goes
 * to the hosted checkout, and the balance is refreshed 3 s later.
 */
export function BillingScreen() {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const { pricePerImageCents, payments } = usePublicConfig();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const prices = usePrices();
  const createCheckout = useCreateCheckoutSession();
  const createTopUp = useCreateTopUpSession();
  const [checkout, setCheckout] = useState<StartedCheckout | null>(null);
  const [pendingPriceId, setPendingPriceId] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [redirectedAt, setRedirectedAt] = useState<number | null>(null);
  // The package whose payment is open: 'Back to payment options' returns focus to its button.
  const chosenPriceId = useRef<string | null>(null);
  const returningFromPayment = useRef(false);
  useEffect(() => {
    if (checkout || !returningFromPayment.current) return;
    returningFromPayment.current = false;
    const priceId = chosenPriceId.current;
    focusFirst(
      () => (priceId ? document.querySelector<HTMLElement>(`[data-price-id="${CSS.escape(priceId)}"]`) : null),
      () => focusableHeading(document.getElementById('packages-title')),
    );
  }, [checkout]);

  const { search } = useLocation();
  // Remembered for the success page, which may come after a trip to the payment provider.
  useEffect(() => rememberPaymentReturn(search), [search]);

  useEffect(() => {
    if (redirectedAt === null) return;
    const timer = setTimeout(() => void refreshBalances(queryClient), BALANCE_REFRESH_AFTER_TOP_UP_MS);
    return () => clearTimeout(timer);
  }, [redirectedAt, queryClient]);

  if (balance.isPending || prices.isPending) {
    return (
      <main className="flex min-h-[50vh] items-center justify-center gap-2 text-muted-foreground" role="status" aria-live="polite">
        <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
        {t('billing.loading')}
      </main>
    );
  }

  if (checkout) {
    return (
      <main className="mx-auto w-full max-w-3xl px-4 py-8">
        <EmbeddedPayment
          checkout={checkout}
          onBack={() => {
            returningFromPayment.current = true;
            setCheckout(null);
            setPendingPriceId(null);
          }}
        />
      </main>
    );
  }

  const choosePackage = (price: Price) => {
    setPaymentError(null);
    setPendingPriceId(price.id);
    createCheckout.mutate(price.id, {
      onSuccess: (started) => {
        chosenPriceId.current = price.id;
        setCheckout(started);
      },
      onError: (error) => setPaymentError(isAppError(error) && error.message ? errorText(error) : t('payment.redirectFailed')),
      onSettled: () => setPendingPriceId(null),
    });
  };

  const topUp = (amountCents: number) => {
    setPaymentError(null);
    createTopUp.mutate(amountCents, {
      onSuccess: ({ url }) => {
        if (!url) {
          setPaymentError(t('payment.redirectFailed'));
          return;
        }
        setRedirectedAt(Date.now());
        window.location.assign(url);
      },
      onError: () => setPaymentError(t('payment.customTopUpFailed')),
    });
  };

  const alert = paymentError ?? (prices.isError ? errorText(prices.error) : null);
  const busy = pendingPriceId !== null || createTopUp.isPending;

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('billing.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('billing.subtitle')}</p>
      </header>
      <BalanceHeader balance={balance.data} />
      {alert && <PaymentErrorAlert message={alert} onDismiss={paymentError ? () => setPaymentError(null) : undefined} />}
      <section aria-labelledby="packages-title" className="flex flex-col gap-4">
        <h2 id="packages-title" className="text-xl font-semibold">
          {t('billing.packagesTitle')}
        </h2>
        <PackageGrid
          prices={prices.data ?? []}
          pricePerImageCents={pricePerImageCents}
          pendingPriceId={busy ? (pendingPriceId ?? '') : null}
          onChoose={choosePackage}
        />
      </section>
      <div className="flex items-center gap-4 text-sm text-muted-foreground" role="separator">
        <span className="h-px flex-1 bg-border" />
        {t('billing.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="mx-auto w-full max-w-md">
        <CustomAmountCard onSubmit={topUp} busy={createTopUp.isPending} disabled={pendingPriceId !== null} />
      </div>
      <SpendingLimitsSection />
      <AutoTopUpSection />
      <footer className="flex flex-col gap-2 text-center text-sm text-muted-foreground">
        <p>{t('billing.help')}</p>
        {payments.mode === 'test' && <p className="font-medium text-amber-800 dark:text-amber-300">{t('billing.testModeNote')}</p>}
      </footer>
    </main>
  );
}

import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BALANCE_REFRESH_AFTER_TOP_UP_MS, PAYMENT_REDIRECT_STEP_MS, PAYMENT_REDIRECT_STEPS } from '@shared/constants';
import { isAppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import { refreshBalances } from '../api/query-keys';
import type { CheckoutVerification } from '@shared/billing';
import { useCheckoutVerification } from '../api/verify-checkout-session';
import { forgetPaymentReturn, paymentReturnPath } from '../payment-return';
import { BalanceText } from './balance-text';

type View = { kind: 'verifying' } | { kind: 'success'; result: CheckoutVerification } | { kind: 'error'; message: string };

/** Which of the spec's verification messages (section 8) a failed call shows. */
function messageKeyOf(error: unknown): 'noToken' | 'failed' | 'unexpected' {
  if (isAppError(error)) {
    if (error.code === 'TOKEN_EXPIRED' || error.code === 'UNAUTHORIZED') return 'noToken';
    if (error.status !== undefined && error.status < 500) return 'failed';
  }
  return 'unexpected';
}

/**
 * The Success screen: 'Payment Status' while the server verifies the session (crediting it if the
 * webhook has not yet), then success with the refreshed balance and a countdown of 5 steps, 2 s
 * each, to the chat the user came from to top up (else the sessions list); or the error with a way
 * back to billing.
 */
export function PaymentStatusScreen() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const verification = useCheckoutVerification(sessionId);

  let view: View;
  if (!sessionId) view = { kind: 'error', message: t('success.errors.noSessionId') };
  else if (verification.isPending) view = { kind: 'verifying' };
  else if (verification.isError) view = { kind: 'error', message: t(`success.errors.${messageKeyOf(verification.error)}`) };
  else if (verification.data.status !== 'success')
    view = { kind: 'error', message: verification.data.message || t('success.errors.failed') };
  else view = { kind: 'success', result: verification.data };

  return (
    <main className="mx-auto flex min-h-[60vh] w-full max-w-lg items-center px-4 py-10">
      <section aria-labelledby="payment-status-title" className="w-full rounded-2xl border bg-background p-8 text-center shadow-sm">
        <h1 id="payment-status-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {t('success.title')}
        </h1>
        {view.kind === 'verifying' && (
          <div role="status" aria-live="polite" className="mt-6 flex flex-col items-center gap-3">
            <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin text-primary" />
            <p>{t('success.verifying')}</p>
          </div>
        )}
        {view.kind === 'success' && <SuccessView result={view.result} />}
        {view.kind === 'error' && (
          <div role="alert" className="mt-6 flex flex-col items-center gap-3">
            <CircleX aria-hidden="true" className="h-12 w-12 text-destructive" />
            <p className="text-xl font-semibold">{t('success.errorTitle')}</p>
            <p className="text-muted-foreground">{view.message}</p>
            <Link to={paths.billing.getHref()} className={buttonClasses('primary', 'md', 'mt-2')}>
              {t('success.backToBilling')}
            </Link>
          </div>
        )}
      </section>
    </main>
  );
}

function SuccessView({ result }: { result: CheckoutVerification }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stepsLeft, setStepsLeft] = useState(PAYMENT_REDIRECT_STEPS);
  const [returnPath] = useState(paymentReturnPath);
  const target = returnPath ?? paths.studio.getHref();

  // The balance now, and once more shortly after, in case the credit landed a moment later.
  useEffect(() => {
    void refreshBalances(queryClient);
    const timer = setTimeout(() => void refreshBalances(queryClient), BALANCE_REFRESH_AFTER_TOP_UP_MS);
    return () => clearTimeout(timer);
  }, [queryClient]);

  useEffect(() => {
    if (stepsLeft <= 0) {
      forgetPaymentReturn();
      navigate(target);
      return;
    }
    const timer = setTimeout(() => setStepsLeft((steps) => steps - 1), PAYMENT_REDIRECT_STEP_MS);
    return () => clearTimeout(timer);
  }, [stepsLeft, navigate, target]);

  const seconds = (stepsLeft * PAYMENT_REDIRECT_STEP_MS) / 1000;
  return (
    <div className="mt-6 flex flex-col items-center gap-3">
      <CircleCheck aria-hidden="true" className="h-12 w-12 text-success" />
      <p className="text-xl font-semibold">{t('success.successTitle')}</p>
      <p className="text-muted-foreground">{result.message}</p>
      {result.amount_total !== null && <p className="font-medium">{t('success.amount', { amount: formatCents(result.amount_total) })}</p>}
      <p className="flex items-baseline gap-1">
        {t('success.newBalance')} <BalanceText />
      </p>
      <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className="h-full bg-primary transition-all"
          style={{ width: `${((PAYMENT_REDIRECT_STEPS - stepsLeft) / PAYMENT_REDIRECT_STEPS) * 100}%` }}
        />
      </div>
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {t(returnPath ? 'success.redirectingToChat' : 'success.redirecting', { count: seconds })}
      </p>
      <Link to={target} onClick={forgetPaymentReturn} className={buttonClasses('primary')}>
        {t(returnPath ? 'success.backToChat' : 'success.goToStudio')}
      </Link>
    </div>
  );
}

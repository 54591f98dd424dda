import { FlaskConical, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isAppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import { paths } from '@shared/paths';
import { Button, buttonClasses } from '@web/components/ui/button';
import { useCancelTestCheckout } from '../api/cancel-test-checkout';
import { useCompleteTestCheckout } from '../api/complete-test-checkout';
import { useTestCheckout } from '../api/get-test-checkout';

/**
 * The built-in checkout of test-mode payments (no Stripe keys, never in production): clearly
 * labelled as charging nothing. Pay completes the session through the server's one fulfilment
 * path and shows the payment status; Cancel abandons it.
 */
export function TestCheckoutPanel({ sessionId, onCancelled }: { sessionId: string; onCancelled?: () => void }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const session = useTestCheckout(sessionId);
  const complete = useCompleteTestCheckout();
  const cancel = useCancelTestCheckout();

  const badge = (
    <p className="inline-flex items-center gap-2 self-start rounded-full border border-amber-500/50 bg-amber-50 dark:bg-amber-950 dark:text-amber-200 px-3 py-1 text-sm font-semibold text-amber-900">
      <FlaskConical aria-hidden="true" className="h-4 w-4" />
      {t('testCheckout.badge')}
    </p>
  );
  const backToBilling = (
    <Link to={paths.billing.getHref()} className={buttonClasses('outline')}>
      {t('testCheckout.backToBilling')}
    </Link>
  );

  if (session.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
        {t('testCheckout.loading')}
      </div>
    );
  }
  if (session.isError) {
    const signedOut = isAppError(session.error) && (session.error.status === 401 || session.error.code === 'TOKEN_EXPIRED');
    return (
      <div className="flex flex-col gap-4">
        {badge}
        <p role="alert">{signedOut ? t('testCheckout.signInRequired') : t('testCheckout.notFound')}</p>
        {signedOut ? (
          <Link to={paths.login.getHref()} className={buttonClasses('primary')}>
            {t('testCheckout.signIn')}
          </Link>
        ) : (
          backToBilling
        )}
      </div>
    );
  }

  const { amount_total: amount, payment_status: paymentStatus, status } = session.data;
  if (paymentStatus === 'paid' || status === 'expired') {
    return (
      <div className="flex flex-col gap-4">
        {badge}
        <p>{paymentStatus === 'paid' ? t('testCheckout.alreadyPaid') : t('testCheckout.cancelled')}</p>
        {paymentStatus === 'paid' ? (
          <Link to={paths.success.getHref(sessionId)} className={buttonClasses('primary')}>
            {t('success.title')}
          </Link>
        ) : (
          backToBilling
        )}
      </div>
    );
  }

  const busy = complete.isPending || cancel.isPending;
  const pay = () => complete.mutate(sessionId, { onSuccess: () => navigate(paths.success.getHref(sessionId)) });
  const abandon = () =>
    cancel.mutate(sessionId, {
      onSettled: () => (onCancelled ? onCancelled() : navigate(paths.billing.getHref())),
    });

  return (
    <div className="flex flex-col gap-5">
      {badge}
      <p className="text-sm text-muted-foreground">{t('testCheckout.explanation')}</p>
      <div className="flex items-baseline justify-between rounded-xl bg-muted px-4 py-3">
        <span className="text-sm text-muted-foreground">{t('testCheckout.amountDue')}</span>
        <span className="text-2xl font-bold tabular-nums">{formatCents(amount)}</span>
      </div>
      {complete.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('testCheckout.failed')}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button className="sm:flex-1" onClick={pay} disabled={busy} aria-busy={complete.isPending || undefined}>
          {complete.isPending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {complete.isPending ? t('testCheckout.paying') : t('testCheckout.pay', { amount: formatCents(amount) })}
        </Button>
        <Button variant="outline" className="sm:flex-1" onClick={abandon} disabled={busy}>
          {t('testCheckout.cancel')}
        </Button>
      </div>
    </div>
  );
}

import { TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The billing page's 'Payment Error' alert. */
export function PaymentErrorAlert({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-destructive" />
      <div className="flex-1">
        <p className="font-semibold text-destructive">{t('payment.errorTitle')}</p>
        <p className="mt-1 text-foreground">{message}</p>
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="rounded p-1 text-muted-foreground hover:bg-muted"
          aria-label={t('payment.dismiss')}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}

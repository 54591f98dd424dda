import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBalance } from '@shared/money';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';

/**
 * After a 402: the balance and a way to top up. From a session, the
 * payment's success page comes back to it (`returnTo`).
 */
export function CreditNeededCard({ rawBalance, returnTo }: { rawBalance: number | null; returnTo?: string | undefined }) {
  const { t } = useTranslation('studio');
  return (
    <section
      role="alert"
      aria-labelledby="credit-needed-title"
      className="mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 p-6 text-center"
    >
      <CreditCard className="size-8 text-primary" aria-hidden="true" />
      <h2 id="credit-needed-title" className="text-base font-semibold">
        {t('credit.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('credit.description')}</p>
      <p className="text-sm font-medium">{t('credit.balance', { balance: formatBalance(rawBalance) })}</p>
      <Link to={paths.billing.getHref(returnTo)} className={buttonClasses('primary', 'md')}>
        {t('credit.addCredits')}
      </Link>
    </section>
  );
}

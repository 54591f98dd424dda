import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import { BalanceText } from './balance-text';

export interface AccountProfile {
  displayName: string;
  email: string;
}

/**
 * The Account screen's profile card: avatar, name, e-mail, the balance as a link to
 * billing, 'Manage billing' with 'Open Billing', and the refund note. The avatar is passed in by
 * the route, which owns the user's picture.
 */
export function AccountProfileCard({ profile, avatar }: { profile: AccountProfile; avatar: ReactNode }) {
  const { t } = useTranslation('billing');
  return (
    <section aria-labelledby="account-profile-name" className="flex flex-col gap-6 rounded-2xl border bg-background p-6 shadow-sm">
      <div className="flex items-center gap-4">
        {avatar}
        <div className="min-w-0">
          <h2 id="account-profile-name" className="truncate text-xl font-semibold">
            {profile.displayName}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
        </div>
      </div>
      <Link to={paths.billing.getHref()} className="flex items-center justify-between rounded-xl bg-muted px-4 py-3 hover:bg-muted/70">
        <span className="text-sm text-muted-foreground">{t('account.balance')}</span>
        <BalanceText className="text-lg" />
      </Link>
      <div className="flex flex-col gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-semibold">{t('account.manageBilling')}</h3>
          <p className="text-sm text-muted-foreground">{t('account.manageBillingText')}</p>
        </div>
        <Link to={paths.billing.getHref()} className={buttonClasses('primary')}>
          {t('account.openBilling')}
        </Link>
      </div>
      <p className="text-xs text-muted-foreground">{t('account.refundNote')}</p>
    </section>
  );
}

import { CreditCard, LayoutDashboard, LogOut, UserRound, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPaths } from '@shared/admin-paths';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import type { Profile } from '@shared/profile';
import { BalanceText } from '@web/features/billing/components/balance-text';
import { Sheet } from '@web/components/layouts/sheet';
import { ConsoleName } from './console-name';
import { useLogOut } from './use-log-out';
import { UserCard } from './user-card';

/** The bottom nav's 'Account' sheet. */
export function AccountSheet({ me, open, onOpenChange }: { me: Profile; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('navigation');
  const { logOut, isPending } = useLogOut();
  const close = () => onOpenChange(false);
  return (
    <Sheet side="bottom" open={open} onOpenChange={onOpenChange} title={t('account')}>
      <UserCard me={me} />
      <BalanceText label className="px-1" />
      <div className="grid gap-2">
        <Link to={paths.account.getHref()} onClick={close} className={buttonClasses('outline', 'md', 'justify-start')}>
          <UserRound className="h-4 w-4" aria-hidden="true" />
          {t('account')}
        </Link>
        <Link to={paths.billing.getHref()} onClick={close} className={buttonClasses('outline', 'md', 'justify-start')}>
          <CreditCard className="h-4 w-4" aria-hidden="true" />
          {t('billing')}
        </Link>
        {me.isOperator && (
          <Link to={adminPaths.overview.getHref()} onClick={close} className={buttonClasses('outline', 'md', 'justify-start')}>
            <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
            <ConsoleName />
          </Link>
        )}
        <Link to={paths.billing.getHref()} onClick={close} className={buttonClasses('primary', 'md', 'justify-start')}>
          <Wallet className="h-4 w-4" aria-hidden="true" />
          {t('topUp')}
        </Link>
        <button
          type="button"
          disabled={isPending}
          onClick={() => logOut(close)}
          className={buttonClasses('ghost', 'md', 'justify-start text-destructive')}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t('logOut')}
        </button>
      </div>
    </Sheet>
  );
}

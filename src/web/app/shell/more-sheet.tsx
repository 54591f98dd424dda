import { ChevronRight, LogIn, LogOut, UserPlus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import type { Profile } from '@shared/profile';
import { BalanceText } from '@web/features/billing/components/balance-text';
import { LogOutDialog } from '@web/components/layouts/log-out-dialog';
import { Sheet } from '@web/components/layouts/sheet';
import { useLogOut } from './use-log-out';
import { UserCard } from './user-card';

const infoLinks = [
  { to: paths.about.getHref(), key: 'aboutUs' },
  { to: paths.terms.getHref(), key: 'terms' },
  { to: paths.privacy.getHref(), key: 'privacy' },
  { to: paths.refund.getHref(), key: 'refund' },
] as const;

/** The bottom nav's 'More' sheet; for visitors it offers login. */
export function MoreSheet({ me, open, onOpenChange }: { me: Profile | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('navigation');
  const { logOut, isPending } = useLogOut();
  const [confirmingLogOut, setConfirmingLogOut] = useState(false);
  const close = () => onOpenChange(false);
  return (
    <Sheet side="bottom" open={open} onOpenChange={onOpenChange} title={t('more')}>
      {me ? (
        <>
          <UserCard me={me} />
          <Link
            to={paths.billing.getHref()}
            onClick={close}
            className="flex items-center justify-between rounded-lg border px-3 py-2 text-sm hover:bg-muted"
          >
            <BalanceText label />
            <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
          </Link>
          <div className="grid gap-2">
            <Link to={paths.billing.getHref()} onClick={close} className={buttonClasses('primary', 'md', 'justify-start')}>
              <Wallet className="h-4 w-4" aria-hidden="true" />
              {t('topUp')}
            </Link>
            <button
              type="button"
              onClick={() => setConfirmingLogOut(true)}
              className={buttonClasses('ghost', 'md', 'justify-start text-destructive')}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t('logOut')}
            </button>
          </div>
        </>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <Link to={paths.login.getHref()} onClick={close} className={buttonClasses('outline')}>
            <LogIn className="h-4 w-4" aria-hidden="true" />
            {t('login')}
          </Link>
          <Link to={paths.signup.getHref()} onClick={close} className={buttonClasses('primary')}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            {t('signUpInSheet')}
          </Link>
        </div>
      )}
      <nav aria-label={t('moreLinks')}>
        <ul className="divide-y rounded-lg border">
          {infoLinks.map((link) => (
            <li key={link.key}>
              <Link to={link.to} onClick={close} className="flex items-center justify-between px-3 py-3 text-sm hover:bg-muted">
                {t(link.key)}
                <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LogOutDialog
        open={confirmingLogOut}
        onOpenChange={setConfirmingLogOut}
        busy={isPending}
        onConfirm={() =>
          logOut(() => {
            setConfirmingLogOut(false);
            close();
          })
        }
      />
    </Sheet>
  );
}

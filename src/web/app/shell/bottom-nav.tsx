import { Ellipsis, Images, MessagesSquare, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@shared/paths';
import { useBalance } from '@web/features/billing/api/get-balance';
import { cn } from '@web/lib/cn';
import { showsLowBalanceDot } from './low-balance-dot';

const itemClasses = 'relative flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium';

function ItemLabel({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      {icon}
      <span>{label}</span>
    </>
  );
}

/**
 * The phone's bottom navigation for signed-in users. A red dot on
 * Account says the balance holds no credit.
 */
export function BottomNav({ onOpenAccount, onOpenMore }: { onOpenAccount: () => void; onOpenMore: () => void }) {
  const { t } = useTranslation('navigation');
  const { data: balance } = useBalance();
  const lowBalance = showsLowBalanceDot(balance?.balance);
  const linkClasses = ({ isActive }: { isActive: boolean }) => cn(itemClasses, isActive ? 'text-primary' : 'text-muted-foreground');
  return (
    <nav
      aria-label={t('bottomNav')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="flex h-16 items-stretch">
        <li className="flex flex-1">
          <NavLink to={paths.studio.getHref()} className={linkClasses}>
            <ItemLabel icon={<MessagesSquare className="h-5 w-5" aria-hidden="true" />} label={t('studio')} />
          </NavLink>
        </li>
        <li className="flex flex-1">
          <NavLink to={paths.library.getHref()} className={linkClasses}>
            <ItemLabel icon={<Images className="h-5 w-5" aria-hidden="true" />} label={t('library')} />
          </NavLink>
        </li>
        <li className="flex flex-1">
          <button
            type="button"
            onClick={onOpenAccount}
            className={cn(itemClasses, 'text-muted-foreground')}
            aria-haspopup="dialog"
            aria-describedby={lowBalance ? 'bottom-nav-low-balance' : undefined}
          >
            <span className="relative">
              <UserRound className="h-5 w-5" aria-hidden="true" />
              {lowBalance && (
                <span
                  data-low-balance-dot
                  className="absolute -top-0.5 -right-0.5 h-2.5 w-2.5 rounded-full bg-destructive ring-2 ring-background"
                />
              )}
            </span>
            <span>{t('account')}</span>
          </button>
          {lowBalance && (
            <span id="bottom-nav-low-balance" className="sr-only">
              {t('lowBalance')}
            </span>
          )}
        </li>
        <li className="flex flex-1">
          <button type="button" onClick={onOpenMore} className={cn(itemClasses, 'text-muted-foreground')} aria-haspopup="dialog">
            <ItemLabel icon={<Ellipsis className="h-5 w-5" aria-hidden="true" />} label={t('more')} />
          </button>
        </li>
      </ul>
    </nav>
  );
}

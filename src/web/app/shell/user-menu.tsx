import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CreditCard, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { adminPaths } from '@shared/admin-paths';
import { paths } from '@shared/paths';
import type { Profile } from '@shared/profile';
import { BalanceText } from '@web/features/billing/components/balance-text';
import { ConsoleName } from './console-name';
import { useLogOut } from './use-log-out';
import { UserAvatar } from '@web/components/layouts/user-avatar';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none focus-ring-inset data-[highlighted]:bg-muted data-[disabled]:opacity-50';

/** The desktop header's menu of the signed-in user. */
export function UserMenu({ me }: { me: Profile }) {
  const { t } = useTranslation('navigation');
  const { logOut, isPending } = useLogOut();
  // An item that leads to another page leaves focus to that page's heading; the menu gives it back
  // to its button only when it closes on the page it was opened on.
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && setOpenedOn(pathname)}>
      <DropdownMenu.Trigger className="rounded-full focus-visible:outline-2">
        <UserAvatar avatarUrl={me.avatarUrl} initials={me.initials} decorative />
        <span className="sr-only">{t('userMenu')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          onCloseAutoFocus={(event) => {
            if (openedOn !== pathname) event.preventDefault();
          }}
          className="z-50 w-64 rounded-xl border bg-background p-2 shadow-lg"
        >
          <div className="flex items-center gap-3 px-2 py-2">
            <UserAvatar avatarUrl={me.avatarUrl} initials={me.initials} className="h-10 w-10" decorative />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{me.displayName}</p>
              <p className="truncate text-xs text-muted-foreground">{me.email}</p>
            </div>
          </div>
          <div className="px-2 pb-2 text-sm">
            <BalanceText label />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to={paths.account.getHref()}>
              <UserRound className="h-4 w-4" aria-hidden="true" />
              {t('account')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to={paths.billing.getHref()}>
              <CreditCard className="h-4 w-4" aria-hidden="true" />
              {t('billing')}
            </Link>
          </DropdownMenu.Item>
          {me.isOperator && (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to={adminPaths.overview.getHref()}>
                <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
                <ConsoleName />
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClasses} disabled={isPending} onSelect={() => logOut()}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t('logOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

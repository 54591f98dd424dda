import { Menu, SquarePen } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { HEADER_HEIGHT_PX } from '@shared/constants';
import { isStudioArea, paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import { useMe } from '@web/features/auth/api/get-me';
import { cn } from '@web/lib/cn';
import { SiteLogo } from '@web/components/layouts/site-logo';
import { ConnectivityBanner } from '@web/components/layouts/connectivity-banner';
import { ThemeToggle } from '@web/components/layouts/theme-toggle';

// Only signed-in users see the menu: visitors (and the landing page's budget) never load it.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const primaryLinks = [
  { to: paths.studio.getHref(), key: 'studio' },
  { to: paths.library.getHref(), key: 'library' },
  { to: paths.about.getHref(), key: 'aboutUs' },
] as const;

function AuthArea() {
  const { t } = useTranslation('navigation');
  const { data: me, isPending } = useMe();
  const skeleton = (
    <div role="status" aria-label={t('loadingAccount')} className="flex items-center gap-3">
      <span className="h-8 w-20 animate-pulse rounded-lg bg-muted" />
      <span className="h-9 w-9 animate-pulse rounded-full bg-muted" />
    </div>
  );
  if (isPending) return skeleton;
  if (!me) {
    return (
      <div className="flex items-center gap-2">
        <Link to={paths.login.getHref()} className={buttonClasses('ghost', 'sm')}>
          {t('login')}
        </Link>
        <Link to={paths.signup.getHref()} className={buttonClasses('primary', 'sm')}>
          {t('signUp')}
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={skeleton}>
      <UserMenu me={me} />
    </Suspense>
  );
}

/**
 * The header of every page: on wide screens the 64 px desktop bar;
 * on phones a top bar with the logo and 'New Chat', which the studio's session pages replace
 * with their own chat header.
 */
export function SiteHeader({ onOpenMore }: { onOpenMore: () => void }) {
  const { t } = useTranslation('navigation');
  const { pathname } = useLocation();
  const { data: me, isPending } = useMe();
  const inStudio = isStudioArea(pathname);
  return (
    <header className={cn('sticky top-0 z-40', inStudio && 'hidden md:block')}>
      <div className="hidden border-b bg-background/95 backdrop-blur md:block" style={{ height: HEADER_HEIGHT_PX }}>
        <div className="mx-auto flex h-full max-w-7xl items-center gap-8 px-6">
          <SiteLogo />
          <nav aria-label={t('primaryNav')}>
            <ul className="flex items-center gap-1">
              {primaryLinks.map((link) => (
                <li key={link.key}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) =>
                      cn(
                        'rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
                        isActive ? 'text-primary' : 'text-muted-foreground',
                      )
                    }
                  >
                    {t(link.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <AuthArea />
          </div>
        </div>
      </div>
      {!inStudio && (
        <div className="flex h-14 items-center justify-between gap-2 border-b bg-background/95 px-4 backdrop-blur md:hidden">
          <SiteLogo />
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <Link to={paths.newSession.getHref()} className={buttonClasses('primary', 'sm')}>
              <SquarePen className="h-4 w-4" aria-hidden="true" />
              {t('newChat')}
            </Link>
            {!isPending && !me && (
              <button type="button" onClick={onOpenMore} className={buttonClasses('ghost', 'icon')} aria-label={t('more')}>
                <Menu className="h-5 w-5" aria-hidden="true" />
              </button>
            )}
          </div>
        </div>
      )}
      {/* Session screens show their own banner, inside their fixed-height layout. */}
      {!inStudio && <ConnectivityBanner />}
    </header>
  );
}

import { Activity, Cpu, LayoutDashboard, ScrollText, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { adminPaths } from '@shared/admin-paths';
import { cn } from '@web/lib/cn';

const sections = [
  { to: adminPaths.overview.getHref(), key: 'overview', icon: LayoutDashboard, end: true },
  { to: adminPaths.users.getHref(), key: 'users', icon: Users, end: false },
  { to: adminPaths.jobs.getHref(), key: 'jobs', icon: Activity, end: true },
  { to: adminPaths.engines.getHref(), key: 'engines', icon: Cpu, end: true },
  { to: adminPaths.audit.getHref(), key: 'audit', icon: ScrollText, end: true },
] as const;

/** The console's frame: its title and its sections, then the section open. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </div>
      <nav aria-label={t('sections')} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 border-b">
          {sections.map(({ to, key, icon: Icon, end }) => (
            <li key={key}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(`nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </main>
  );
}

import { useRoutes } from 'react-router';
import { adminPaths } from '@shared/admin-paths';
import { AdminLayout } from './admin-layout';
import { AuditPage } from './audit-page';
import { EnginesPage } from './engines-page';
import { JobsPage } from './jobs-page';
import { OverviewPage } from './overview-page';
import { UserPage } from './user-page';
import { UsersPage } from './users-page';

/**
 * The console's own pages below /admin (the app's router knows only `/admin/*`). Routes as a
 * table for useRoutes, which the app's router already uses: `<Routes>` and `<Route>` would add
 * their code to every page's JavaScript.
 */
export function AdminConsole({ operatorId, notFound }: { operatorId: string; notFound: React.ReactNode }) {
  return useRoutes([
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <OverviewPage /> },
        { path: adminPaths.users.route, element: <UsersPage /> },
        { path: adminPaths.user.route, element: <UserPage operatorId={operatorId} /> },
        { path: adminPaths.jobs.route, element: <JobsPage /> },
        { path: adminPaths.engines.route, element: <EnginesPage /> },
        { path: adminPaths.audit.route, element: <AuditPage /> },
      ],
    },
    { path: '*', element: notFound },
  ]);
}

import { useTranslation } from 'react-i18next';
import { AdminLayout, AuditPage, EnginesPage, JobsPage, OverviewPage, UserPage, UsersPage } from '@web/features/admin';
import { useMe } from '@web/features/auth/api/get-me';
import { NotFoundRoute } from './not-found';

/**
 * The operator console (/admin). Everyone who is not an operator — visitors included — sees the
 * 404 page, as the server answers them on the console's API: nothing shows that it exists.
 */
export function AdminRoute() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  if (isPending) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-muted-foreground">
        {t('loading')}
      </div>
    );
  }
  if (!me?.isOperator) return <NotFoundRoute />;
  return <AdminLayout />;
}

export function AdminUserRoute() {
  const { data: me } = useMe();
  return <UserPage operatorId={me?.id ?? ''} />;
}

export { AuditPage, EnginesPage, JobsPage, OverviewPage, UsersPage };
export default AdminRoute;

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@web/features/auth/api/get-me';
import { NotFoundRoute } from './not-found';

// The console's code is fetched only once an operator is known to be here; this module is all
// the router's /admin/* entry points at.
const AdminConsole = lazy(() => import('@web/features/admin').then((module) => ({ default: module.AdminConsole })));

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-muted-foreground">
      {t('loading')}
    </div>
  );
}

/**
 * The operator console (/admin/*). Everyone who is not an operator — visitors included — sees the
 * 404 page, as the server answers them on the console's API: nothing shows that it exists.
 */
export function AdminRoute() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (!me?.isOperator) return <NotFoundRoute />;
  return (
    <Suspense fallback={<Loading />}>
      <AdminConsole operatorId={me.id} notFound={<NotFoundRoute />} />
    </Suspense>
  );
}

export default AdminRoute;

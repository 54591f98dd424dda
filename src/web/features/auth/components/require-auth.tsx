import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/paths';
import { useMe } from '../api/get-me';

function SessionLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-muted-foreground">
      {t('loading')}
    </div>
  );
}

/**
 * Protected screens: signed out → login (remembering where the user was going);
 * signed in without accepted terms → complete-signup.
 */
export function RequireAuth() {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <SessionLoading />;
  if (!me) return <Navigate to={paths.login.getHref()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (!me.termsAcceptedAt) return <Navigate to={paths.completeSignup.getHref()} replace />;
  return <Outlet />;
}

/** Complete-signup needs a session but not yet accepted terms. */
export function RequireSession() {
  const { data: me, isPending } = useMe();
  if (isPending) return <SessionLoading />;
  if (!me) return <Navigate to={paths.login.getHref()} replace />;
  return <Outlet />;
}

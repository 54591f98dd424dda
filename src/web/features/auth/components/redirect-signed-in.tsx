import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../api/get-me';
import { returnPathAfterSignIn } from '../return-path';

/**
 * Login and signup are for signed-out visitors: a signed-in user goes on to where they were
 * heading (the sessions list by default). This is also how a password sign-in leaves the login
 * page once the session is known.
 */
export function RedirectSignedIn() {
  const { data: me } = useMe();
  const location = useLocation();
  if (me) return <Navigate to={returnPathAfterSignIn(location.state)} replace />;
  return <Outlet />;
}

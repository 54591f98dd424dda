import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@shared/paths';
import { RootLayout } from '@web/components/layouts/root-layout';
import { RequireAuth, RequireSession } from '@web/features/auth/components/require-auth';
import { NotFoundRoute } from './routes/not-found';

/**
 * Every screen of spec section 2. Each route module is loaded on demand, so the landing page does
 * not carry the studio, library or billing code.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Public screens.
      { path: paths.home.pattern, lazy: async () => ({ Component: (await import('./routes/home')).default }) },

      // Signed in, terms not yet needed.
      {
        element: <RequireSession />,
        children: [],
      },

      // Protected: signed in with accepted terms.
      {
        element: <RequireAuth />,
        children: [{ path: paths.generation.pattern, element: <Navigate to={paths.studio.getHref()} replace /> }],
      },

      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

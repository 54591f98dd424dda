import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@shared/paths';
import { RootLayout } from '@web/components/layouts/root-layout';
import { NotFoundRoute } from './routes/not-found';

/**
 * Every screen of spec section 2. Each route module is loaded on demand, so the landing page does
 * not carry the studio, library or billing code.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.pattern, lazy: async () => ({ Component: (await import('./routes/home')).default }) },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

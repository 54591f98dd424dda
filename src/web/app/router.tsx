import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { devPaths, paths } from '@shared/paths';
import { RootLayout } from './shell/root-layout';
import { RedirectSignedIn } from '@web/features/auth/components/redirect-signed-in';
import { RequireAuth, RequireSession } from '@web/features/auth/components/require-auth';
import { NotFoundRoute } from './routes/not-found';

/**
 * Every screen. Each route module is loaded on demand, so the landing page does
 * not carry the studio, library or billing code.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Public screens.
      { path: paths.home.pattern, lazy: async () => ({ Component: (await import('./routes/home')).default }) },
      { path: paths.about.pattern, lazy: async () => ({ Component: (await import('./routes/about')).default }) },
      { path: paths.terms.pattern, lazy: async () => ({ Component: (await import('./routes/terms')).default }) },
      { path: paths.privacy.pattern, lazy: async () => ({ Component: (await import('./routes/privacy')).default }) },
      { path: paths.refund.pattern, lazy: async () => ({ Component: (await import('./routes/refund')).default }) },
      { path: paths.forgotPassword.pattern, lazy: async () => ({ Component: (await import('./routes/forgot-password')).default }) },
      { path: paths.resetPassword.pattern, lazy: async () => ({ Component: (await import('./routes/reset-password')).default }) },
      { path: devPaths.mailbox.pattern, lazy: async () => ({ Component: (await import('./routes/dev-mailbox')).default }) },
      { path: devPaths.testCheckout.pattern, lazy: async () => ({ Component: (await import('./routes/dev-checkout')).default }) },
      { path: devPaths.testCardSetup.pattern, lazy: async () => ({ Component: (await import('./routes/dev-card-setup')).default }) },

      // Signed out only: a signed-in user goes on to the sessions list.
      {
        element: <RedirectSignedIn />,
        children: [
          { path: paths.login.pattern, lazy: async () => ({ Component: (await import('./routes/login')).default }) },
          { path: paths.signup.pattern, lazy: async () => ({ Component: (await import('./routes/signup')).default }) },
        ],
      },

      // Signed in, terms not yet needed.
      {
        element: <RequireSession />,
        children: [
          { path: paths.completeSignup.pattern, lazy: async () => ({ Component: (await import('./routes/complete-signup')).default }) },
        ],
      },

      // Protected: signed in with accepted terms.
      {
        element: <RequireAuth />,
        children: [
          { path: paths.generation.pattern, element: <Navigate to={paths.studio.getHref()} replace /> },
          { path: paths.studio.pattern, lazy: async () => ({ Component: (await import('./routes/studio')).default }) },
          { path: paths.newSession.pattern, lazy: async () => ({ Component: (await import('./routes/session')).default }) },
          { path: paths.session.pattern, lazy: async () => ({ Component: (await import('./routes/session')).default }) },
          { path: paths.library.pattern, lazy: async () => ({ Component: (await import('./routes/library')).default }) },
          { path: paths.account.pattern, lazy: async () => ({ Component: (await import('./routes/account')).default }) },
          { path: paths.billing.pattern, lazy: async () => ({ Component: (await import('./routes/billing')).default }) },
          { path: paths.success.pattern, lazy: async () => ({ Component: (await import('./routes/success')).default }) },
        ],
      },

      // The operator console: one chunk, loaded only when opened, that routes its own pages.
      { path: '/admin/*', lazy: async () => ({ Component: (await import('./routes/admin')).default }) },

      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

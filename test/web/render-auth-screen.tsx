import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PublicConfig } from '@shared/client-config';
import { initI18n } from '@web/lib/i18n';
import { publicConfigQuery } from '@web/lib/public-config';
import type { Profile } from '@shared/profile';
import { meQueryKey } from '@web/features/auth/api/get-me';

export const testConfig: PublicConfig = {
  appName: 'PhotoMuse',
  appUrl: 'http://localhost:3000',
  version: '1.0.0',
  environment: 'test',
  pricePerImageCents: 8,
  freeGenerations: 3,
  landingFigures: { creators: 500, transformations: 1000 },
  imageEngine: 'local',
  engines: [
    {
      kind: 'local',
      label: null,
      pricePerImageCents: 8,
      capabilities: {
        textToImage: { maxImages: 5, model: null },
        edit: { maxImages: 5, maxInputImages: 5, model: null },
        aspectRatios: null,
      },
    },
  ],
  payments: { mode: 'test', publishableKey: null },
  socialProviders: { google: false, github: false, apple: false },
  devMailbox: false,
  errorReporting: null,
  retention: { uploadSeconds: 86_400, generatedSeconds: 2_592_000 },
};

interface RenderOptions {
  config?: Partial<PublicConfig>;
  me?: Profile | null;
  path?: string;
}

/**
 * One screen with the app's real providers (i18n, TanStack Query, a router), with the server's
 * configuration and the session already known, as they are once the app has started.
 */
export function renderAuthScreen(screen: ReactNode, { config = {}, me = null, path = '/' }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(publicConfigQuery.queryKey, { ...testConfig, ...config });
  queryClient.setQueryData(meQueryKey, me);
  const router = createMemoryRouter(
    [
      { path: new URL(path, 'http://x').pathname, element: screen },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <I18nextProvider i18n={initI18n()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isAppError } from '@shared/errors';
import { initI18n } from '@web/lib/i18n';
import { reportClientError } from '@web/lib/report-error';
import { AppErrorBoundary } from './app-error-boundary';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportClientError }),
    mutationCache: new MutationCache({ onError: reportClientError }),
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not change by retrying; network and server errors may.
        retry: (failureCount, error) => {
          if (isAppError(error) && error.status !== undefined && error.status < 500 && error.status !== 429) return false;
          return failureCount < 3;
        },
        refetchOnWindowFocus: false,
      },
      // A change asked for while offline fails at once, visibly, instead of waiting paused and
      // going out by itself on reconnect (a message or a payment nobody sees leave).
      mutations: { networkMode: 'always' },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const i18n = initI18n();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppErrorBoundary>
          <Suspense fallback={null}>{children}</Suspense>
        </AppErrorBoundary>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

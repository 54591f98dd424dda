// First: sets up what the Content-Security-Policy needs before anything else runs.
import './lib/content-security';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { assertNoSecretKeys } from '@shared/secret-keys';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { connectSessionToApiClient } from './features/auth/session';
import { publicConfigQuery } from './lib/public-config';
import { shouldReport } from './lib/report-error';
import { startSentryReporting } from './lib/sentry-reporting';
import { firstPageLanguageReady } from './lib/i18n';
import './index.css';
import { applyTheme, readThemePreference } from './lib/theme';

// The spec's start-up rule: refuse to run if the build exposed a key named like a secret.
assertNoSecretKeys(import.meta.env, 'the client build');

// The remembered theme before the first render, so the page does not flash the other one.
applyTheme(readThemePreference());

const queryClient = createQueryClient();
connectSessionToApiClient(queryClient);
const router = createAppRouter();
// The first render asks for the configuration anyway; error reporting starts from the same answer.
queryClient.fetchQuery(publicConfigQuery).then(
  (config) => startSentryReporting(config.errorReporting, shouldReport),
  () => undefined,
);

// A Russian visitor waits for the Russian texts of the first page (one small request); an English
// one does not wait at all. Should that request fail, the page shows in English, the fallback.
void firstPageLanguageReady()
  .catch(() => undefined)
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });

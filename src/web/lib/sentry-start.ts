import type { PublicConfig } from '@shared/client-config';

type Settings = NonNullable<PublicConfig['errorReporting']>;

/**
 * Starts Sentry's browser SDK once the page has painted and hands back its `captureException`.
 * Loaded only when the server configured a DSN (sentry-reporting.ts), so a page without one
 * carries none of this; the SDK itself (sentry-sdk.ts) is a chunk of its own, fetched after the
 * first paint so that it costs the page's first view nothing. `shouldReport` is the client's
 * rule: errors of 500 and above and unexpected ones, never aborted requests or time-outs; it
 * filters uncaught errors too.
 */
export async function startSentryAfterFirstPaint(
  settings: Settings,
  shouldReport: (error: unknown) => boolean,
): Promise<(error: unknown) => void> {
  await new Promise<void>(afterFirstPaint);
  const sdk = await import('./sentry-sdk');
  sdk.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: settings.tracesSampleRate,
    integrations: [sdk.browserTracingIntegration()],
    beforeSend: (event, hint) => (hint.originalException !== undefined && !shouldReport(hint.originalException) ? null : event),
  });
  return (error) => sdk.captureException(error);
}

/**
 * After the page's first contentful paint (the landing page's content, not a blank frame): the
 * browser reports it as a `paint` entry. Browsers without paint timing wait for `load` instead.
 */
function afterFirstPaint(run: () => void): void {
  const soon = () => setTimeout(run, 0);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      soon();
    });
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon, { once: true });
}

import type { PublicConfig } from '@shared/client-config';
import type * as SentrySdk from './sentry-sdk';

type Settings = NonNullable<PublicConfig['errorReporting']>;
type Sdk = typeof SentrySdk;

/** Errors seen before the SDK arrived are sent once it has; a page in trouble sends a few, not all. */
const MAX_QUEUED_ERRORS = 20;

let sdk: Sdk | undefined;
/** Undefined while error reporting is off (no DSN): then errors are dropped, not queued. */
let queued: unknown[] | undefined;

/**
 * Starts Sentry in the browser when the server configured a DSN (PUBLIC_SENTRY_DSN). The SDK is
 * fetched after the first paint, so it costs the page's first view nothing; without a DSN it is
 * never fetched. `shouldReport` is the client's rule (spec 7): errors of 500 and above and
 * unexpected ones, never aborted requests or time-outs; it filters uncaught errors too.
 */
export function startSentryReporting(settings: Settings | null, shouldReport: (error: unknown) => boolean, whenPainted: (run: () => void) => void = afterFirstPaint): void {
  if (!settings || queued || sdk) return;
  queued = [];
  whenPainted(() => {
    import('./sentry-sdk').then(
      (loaded) => {
        loaded.init({
          dsn: settings.dsn,
          environment: settings.environment,
          release: settings.release,
          tracesSampleRate: settings.tracesSampleRate,
          integrations: [loaded.browserTracingIntegration()],
          beforeSend: (event, hint) => (hint.originalException !== undefined && !shouldReport(hint.originalException) ? null : event),
        });
        sdk = loaded;
        for (const error of queued ?? []) loaded.captureException(error);
        queued = undefined;
      },
      () => {
        // The SDK did not load (offline, blocked): the errors still reach the server's log.
        queued = undefined;
      },
    );
  });
}

/** Sends an error the client decided to report; a no-op without a DSN. */
export function sendToSentry(error: unknown): void {
  if (sdk) sdk.captureException(error);
  else if (queued && queued.length < MAX_QUEUED_ERRORS) queued.push(error);
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

import type { PublicConfig } from '@shared/client-config';

/** Errors seen before the SDK arrived are sent once it has; a page in trouble sends a few, not all. */
const MAX_QUEUED_ERRORS = 20;

let capture: ((error: unknown) => void) | undefined;
/** Undefined while error reporting is off (no DSN): then errors are dropped, not queued. */
let queued: unknown[] | undefined;

/**
 * Starts Sentry in the browser when the server configured a DSN (PUBLIC_SENTRY_DSN); without one
 * nothing of Sentry is fetched. Everything beyond this queue is in chunks of their own
 * (sentry-start.ts, sentry-sdk.ts), keeping the landing page's JavaScript within its budget.
 */
export function startSentryReporting(settings: PublicConfig['errorReporting'], shouldReport: (error: unknown) => boolean): void {
  if (!settings || queued || capture) return;
  queued = [];
  import('./sentry-start')
    .then((start) => start.startSentryAfterFirstPaint(settings, shouldReport))
    .then(
      (captureException) => {
        capture = captureException;
        for (const error of queued ?? []) captureException(error);
        queued = undefined;
      },
      () => {
        // Sentry did not load (offline, blocked): the errors still reach the server's log.
        queued = undefined;
      },
    );
}

/** Sends an error the client decided to report; a no-op without a DSN. */
export function sendToSentry(error: unknown): void {
  if (capture) capture(error);
  else if (queued && queued.length < MAX_QUEUED_ERRORS) queued.push(error);
}

import type { ClientErrorReport } from '@shared/client-errors';
import { APP_VERSION } from '@shared/constants';
import { isAppError } from '@shared/errors';
import { publicApi } from './api-client';
import { sendToSentry } from './sentry-reporting';

/**
 * Sends an error the UI could not handle to the server's log (and to Sentry, when configured) (500 and above are reported;
 * aborted requests and time-outs are not). Reporting never throws and never reports itself.
 */
export function shouldReport(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (!isAppError(error)) return true;
  if (error.code === 'TIMEOUT') return false;
  return error.status !== undefined && error.status >= 500;
}

export function reportClientError(error: unknown): void {
  if (!shouldReport(error)) return;
  const report: ClientErrorReport = {
    code: isAppError(error) ? error.code : 'UNKNOWN_ERROR',
    message: error instanceof Error ? error.message.slice(0, 2000) : String(error).slice(0, 2000),
    ...(isAppError(error) && error.status !== undefined ? { status: error.status } : {}),
    path: window.location.pathname,
    release: APP_VERSION,
  };
  // keepalive: the report still goes out when the error made the user leave the page.
  publicApi['client-errors'].$post({ json: report }, { init: { keepalive: true } }).catch(() => undefined);
  // And to Sentry when the server configured it (PUBLIC_SENTRY_DSN); nothing happens otherwise.
  sendToSentry(error);
}

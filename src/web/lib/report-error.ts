import { APP_VERSION } from '@shared/constants';
import { isAppError } from '@shared/errors';

/**
 * Sends an error the UI could not handle to the server's log (spec 7: 500 and above are reported;
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
  const body = {
    code: isAppError(error) ? error.code : 'UNKNOWN_ERROR',
    message: error instanceof Error ? error.message.slice(0, 2000) : String(error).slice(0, 2000),
    ...(isAppError(error) && error.status !== undefined ? { status: error.status } : {}),
    path: window.location.pathname,
    release: APP_VERSION,
  };
  void fetch('/api/client-errors', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
}

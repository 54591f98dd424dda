import { hc } from 'hono/client';
import type { ApiRoutes } from '@server/app';
import { HTTP_TIMEOUT_MS } from '@shared/constants';
import {
  AppError,
  NETWORK_FAILURE_MESSAGE,
  NO_TOKEN_MESSAGE,
  REQUEST_TIMEOUT_MESSAGE,
  TOKEN_FAILURE_MESSAGE,
  errorFromHttpResponse,
} from '@shared/errors';

/**
 * The spec's HTTP client (section 7/8): every own-API call is authenticated unless `skipAuth`,
 * times out after 120 s, and turns any failure into an AppError with the spec's codes and texts.
 *
 * Browsers authenticate with the HttpOnly session cookie, which scripts cannot read; the auth
 * feature registers a provider that says whether a session exists ('cookie'), or hands a bearer
 * token for non-browser use. No session means the call fails as TOKEN_EXPIRED without a request.
 */
export type AuthCredential = { kind: 'cookie' } | { kind: 'bearer'; token: string } | null;
export type AuthProvider = () => Promise<AuthCredential> | AuthCredential;

let authProvider: AuthProvider = () => null;

export function setAuthProvider(provider: AuthProvider): void {
  authProvider = provider;
}

export interface ApiFetchOptions {
  skipAuth?: boolean;
  timeoutMs?: number;
}

async function credentialHeaders(skipAuth: boolean): Promise<Record<string, string>> {
  if (skipAuth) return {};
  let credential: AuthCredential;
  try {
    credential = await authProvider();
  } catch (cause) {
    throw new AppError('UNAUTHORIZED', TOKEN_FAILURE_MESSAGE, { cause });
  }
  if (!credential) throw new AppError('TOKEN_EXPIRED', NO_TOKEN_MESSAGE);
  return credential.kind === 'bearer' ? { Authorization: `Bearer ${credential.token}` } : {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch with the spec's rules; resolves only for 2xx/3xx answers. */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}, options: ApiFetchOptions = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(await credentialHeaders(options.skipAuth ?? false))) headers.set(name, value);

  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outerSignal = init.signal;
  const onOuterAbort = () => controller.abort(outerSignal?.reason);
  outerSignal?.addEventListener('abort', onOuterAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: 'same-origin', signal: controller.signal });
  } catch (cause) {
    if (timedOut) throw new AppError('TIMEOUT', REQUEST_TIMEOUT_MESSAGE, { cause });
    if (outerSignal?.aborted) throw cause;
    throw new AppError('NETWORK_ERROR', NETWORK_FAILURE_MESSAGE, { cause });
  } finally {
    clearTimeout(timer);
    outerSignal?.removeEventListener('abort', onOuterAbort);
  }
  if (!response.ok) throw errorFromHttpResponse(response.status, await readBody(response));
  return response;
}

const baseUrl = typeof window === 'undefined' ? 'http://localhost/api' : `${window.location.origin}/api`;

/** The typed API: `api.health.$get()`; answers are typed from the server's routes. */
export const api = hc<ApiRoutes>(baseUrl, { fetch: (input: RequestInfo | URL, init?: RequestInit) => apiFetch(input, init) });

/** The same API for calls that need no session (configuration, health, public stats). */
export const publicApi = hc<ApiRoutes>(baseUrl, {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => apiFetch(input, init, { skipAuth: true }),
});

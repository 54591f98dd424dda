import { apiFetch } from '@web/lib/api-client';

/**
 * The Account page's changes go to better-auth's own endpoints under /api/auth (outside the typed
 * API): update-user, change-password and change-email. The server answers their errors in the
 * product's {code, message} model, which apiFetch turns into AppErrors.
 */
export async function postAccountChange(
  path: '/update-user' | '/change-password' | '/change-email',
  body: Record<string, unknown>,
): Promise<void> {
  const response = await apiFetch(`${window.location.origin}/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
}

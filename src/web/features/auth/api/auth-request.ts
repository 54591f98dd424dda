import { apiFetch } from '@web/lib/api-client';

/**
 * better-auth's endpoints live under /api/auth outside the typed API (they are not zod-openapi
 * routes). They need no session beforehand, so they skip the client's session check; the server
 * answers errors in the product's {code, message} model, which apiFetch turns into AppErrors.
 */
export async function postAuth<Answer>(path: `/${string}`, body: Record<string, unknown> = {}): Promise<Answer> {
  const response = await apiFetch(
    `${window.location.origin}/api/auth${path}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    { skipAuth: true },
  );
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as Answer;
}

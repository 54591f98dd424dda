/**
 * better-auth answers with the session token in several places: the raw token in the JSON of
 * get-session, list-sessions, sign-in, sign-up and change-password, and (bearer plugin) the
 * signed token in a `set-auth-token` header. A page script can read all of them, and a token is a
 * reusable credential, so one XSS would outlive the HttpOnly cookie. Every answer that goes back
 * through the catch-all auth route loses them; non-browser clients ask for a token explicitly
 * (POST /api/auth/sign-in/bearer, auth.routes.ts).
 */

/** The bearer plugin's header with the signed session token. */
export const BEARER_TOKEN_HEADER = 'set-auth-token';

export async function withoutSessionTokens(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete(BEARER_TOKEN_HEADER);
  const exposed = (headers.get('access-control-expose-headers') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== BEARER_TOKEN_HEADER);
  if (exposed.length > 0) headers.set('access-control-expose-headers', exposed.join(', '));
  else headers.delete('access-control-expose-headers');

  const init = { status: response.status, statusText: response.statusText, headers };
  if (!headers.get('content-type')?.includes('application/json') || !response.body) return new Response(response.body, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, init);
  }
  headers.delete('content-length');
  return new Response(JSON.stringify(withoutTokenFields(body)), init);
}

/** Every `token` field, at any depth (a session's, each session's of a list, a sign-in's). */
function withoutTokenFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokenFields);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'token')
        .map(([key, field]) => [key, withoutTokenFields(field)]),
    );
  }
  return value;
}

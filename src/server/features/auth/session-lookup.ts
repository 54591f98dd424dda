import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import { createLastSeenRecorder } from './last-seen';
import { findSessionUser } from './session-user.repository';
import type { Auth, SessionUser } from './auth';

/**
 * The signed-in user of a request in one prepared statement (decision 019).
 *
 * better-auth's `getSession` runs a whole endpoint per call (context, hooks, schema checks, the
 * adapter's query builder): four times the cost of the lookup itself on every signed-in request.
 * Here the common case — a browser's signed session cookie — is read as better-auth reads it:
 * the same cookie, the same HMAC-SHA256 signature with the same secret, then the session and its
 * user by token in one statement, checked against its expiry. The database stays the truth, so a
 * signed-out or revoked session stops working at once (its row is gone).
 *
 * Everything else goes through better-auth unchanged: Bearer tokens (its plugin decides them),
 * an expired session (it deletes the row and the cookie), and a session due for refresh (it
 * extends `expires_at` every `updateAge`, default a day; without a "don't remember me" cookie).
 */
export interface SessionLookup {
  signedInUser(headers: Headers): Promise<SessionUser | null>;
  /** The same, with the sign-in session it came from (event streams end with it). */
  signedIn(headers: Headers): Promise<SignedIn | null>;
  /** When a sign-in session expires now (better-auth extends it as it is used), or null once it is gone. */
  expiryOf(authSessionId: string): Promise<Date | null>;
}

/** A request's user and the sign-in session (better-auth's `session` row) it is signed in with. */
export interface SignedIn {
  user: SessionUser;
  authSession: { id: string; expiresAt: Date };
}

interface AuthSettings {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

export function createSessionLookup(auth: Auth, db: Db): SessionLookup {
  const recordLastSeen = createLastSeenRecorder(db);
  let settings: Promise<AuthSettings> | undefined;
  const settingsOf = () =>
    (settings ??= auth.$context.then((context) => ({
      sessionCookie: context.authCookies.sessionToken.name,
      dontRememberCookie: context.authCookies.dontRememberToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));
  const throughBetterAuth = async (headers: Headers): Promise<SignedIn | null> => {
    const found = await auth.api.getSession({ headers });
    return found ? { user: found.user, authSession: { id: found.session.id, expiresAt: new Date(found.session.expiresAt) } } : null;
  };

  const lookUp = async (headers: Headers): Promise<SignedIn | null> => {
    const cookieHeader = headers.get('cookie');
    if (headers.has('authorization') || !cookieHeader) return headers.has('authorization') ? throughBetterAuth(headers) : null;
    const { sessionCookie, dontRememberCookie, secret, expiresInMs, updateAgeMs } = await settingsOf();
    const signed = cookieValue(cookieHeader, sessionCookie);
    if (signed === undefined) return null;
    const token = verifiedToken(signed, secret);
    if (!token) return null;
    const row = await findSessionUser(db, token);
    if (!row) return null;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    const refreshDue = expiresAt - expiresInMs + updateAgeMs <= now && cookieValue(cookieHeader, dontRememberCookie) === undefined;
    if (expiresAt <= now || refreshDue) return throughBetterAuth(headers);
    return { user: row.user, authSession: { id: row.sessionId, expiresAt: row.expiresAt } };
  };

  const signedIn = async (headers: Headers): Promise<SignedIn | null> => {
    const found = await lookUp(headers);
    if (found) await recordLastSeen(found.user.id);
    return found;
  };

  return {
    signedIn,
    signedInUser: async (headers) => (await signedIn(headers))?.user ?? null,
    async expiryOf(authSessionId) {
      const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.id, authSessionId));
      return row?.expiresAt ?? null;
    },
  };
}

/**
 * The value of one cookie as better-call parses it (the first of that name, quotes removed,
 * URL-decoded), or undefined.
 */
export function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    let raw = part.slice(at + 1).trim();
    if (raw.startsWith('"')) raw = raw.slice(1, -1);
    try {
      return raw.includes('%') ? decodeURIComponent(raw) : raw;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * better-call's signed cookie: `${token}.${base64(HMAC-SHA256(secret, token))}`. The token, or
 * null when the signature is missing or wrong (then better-auth also finds no session).
 */
export function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const token = signed.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

import type { TFunction } from 'i18next';
import { isAppError } from '@shared/errors';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../api/social-sign-in';

/**
 * Which screen message a failed call shows. Texts stay in the locale files: a
 * message is a key of the auth namespace, or the server's own text where the spec says so.
 */
export type ScreenMessage = { key: string; provider?: SocialProvider } | { serverText: string };

export function screenMessageText(t: TFunction<'auth'>, message: ScreenMessage): string {
  if ('serverText' in message) return message.serverText;
  return message.provider ? t(message.key, { provider: t(`social.providers.${message.provider}`) }) : t(message.key);
}

const RATE_LIMITED: ScreenMessage = { key: 'errors.rateLimited' };

function isRateLimited(error: unknown): boolean {
  return isAppError(error) && error.status === 429;
}

/** The server answered (as opposed to a network failure or time-out, which carry no status). */
function serverAnswered(error: unknown): boolean {
  return isAppError(error) && error.status !== undefined;
}

export function loginFailure(error: unknown): ScreenMessage {
  if (isRateLimited(error)) return RATE_LIMITED;
  if (isAppError(error) && error.code === 'INVALID_CREDENTIALS') return { key: 'login.errors.invalidCredentials' };
  // An unconfirmed address is 403 too, but has a code (and a screen) of its own: this is a disabled account.
  if (isAppError(error) && error.code === 'FORBIDDEN') return { key: 'login.errors.accountDisabled' };
  return { key: 'login.errors.generic' };
}

export function isEmailNotConfirmed(error: unknown): boolean {
  return isAppError(error) && error.code === 'EMAIL_NOT_CONFIRMED';
}

/** Signup shows the server's message when it has a meaningful one, worded by `errorText` where it sent a code. */
export function signupFailure(error: unknown, errorText: (error: unknown) => string = (e) => (e as Error).message): ScreenMessage {
  if (isRateLimited(error)) return RATE_LIMITED;
  if (isAppError(error)) {
    if (error.status !== undefined && error.status < 500 && error.message) return { serverText: errorText(error) };
    return { key: 'signup.errors.generic' };
  }
  return { key: 'signup.errors.registrationFailed' };
}

/** A provider sent the user back with ?provider=…&error=… (the errorCallbackURL of social-sign-in.ts). */
export function socialReturnFailure(searchParams: URLSearchParams, screen: 'login' | 'signup'): ScreenMessage | null {
  if (!searchParams.get('error')) return null;
  const provider = searchParams.get('provider');
  if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider)) return { key: `${screen}.errors.generic` };
  return { key: `${screen}.errors.socialFailed`, provider: provider as SocialProvider };
}

export function socialStartFailure(screen: 'login' | 'signup'): ScreenMessage {
  return { key: `${screen}.errors.generic` };
}

export function forgotPasswordFailure(error: unknown): ScreenMessage {
  if (isRateLimited(error)) return RATE_LIMITED;
  if (serverAnswered(error)) return { key: 'forgotPassword.errors.failed' };
  return { key: 'forgotPassword.errors.generic' };
}

export function resendConfirmationFailure(error: unknown): ScreenMessage {
  if (isRateLimited(error)) return RATE_LIMITED;
  return { key: 'resend.failed' };
}

const REFUSED_TOKEN_CODES = new Set(['INVALID_TOKEN', 'USER_NOT_FOUND']);

/** The server refuses a used, expired or unknown reset token with 400 and the provider's code. */
export function isRefusedResetToken(error: unknown): boolean {
  if (!isAppError(error) || error.status !== 400) return false;
  const body = error.details as { code?: unknown; details?: { providerCode?: unknown } } | undefined;
  const providerCode = body?.details?.providerCode;
  return body?.code === 'AUTH_ERROR' && typeof providerCode === 'string' && REFUSED_TOKEN_CODES.has(providerCode);
}

export function resetPasswordFailure(error: unknown): ScreenMessage {
  if (isRateLimited(error)) return RATE_LIMITED;
  if (isRefusedResetToken(error)) return { key: 'resetPassword.errors.invalidLink' };
  return { key: 'resetPassword.errors.failed' };
}

export function acceptTermsFailure(error: unknown): ScreenMessage {
  if (!isAppError(error)) return { key: 'completeSignup.errors.unexpected' };
  if (error.status === 400) return { key: 'completeSignup.errors.refused' };
  if (error.status !== undefined) return { key: 'completeSignup.errors.updateFailed' };
  return { key: 'completeSignup.errors.saveFailed' };
}

export function signOutFailure(error: unknown): ScreenMessage {
  if (!isAppError(error)) return { key: 'completeSignup.errors.unexpected' };
  if (error.status !== undefined) return { key: 'completeSignup.errors.signOutFailed' };
  return { key: 'completeSignup.errors.signOutUnreachable' };
}

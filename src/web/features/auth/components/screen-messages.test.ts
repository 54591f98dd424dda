import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_VALIDATION_ISSUES } from '@shared/auth-validation';
import { AppError, errorFromHttpResponse } from '@shared/errors';
import { localeResources } from '@web/lib/i18n';
import {
  acceptTermsFailure,
  forgotPasswordFailure,
  isEmailNotConfirmed,
  loginFailure,
  resendConfirmationFailure,
  resetPasswordFailure,
  screenMessageText,
  signOutFailure,
  signupFailure,
  socialReturnFailure,
  type ScreenMessage,
} from './screen-messages';

const english = i18next.createInstance();
beforeAll(async () => {
  await english.init({ lng: 'en', resources: localeResources(), ns: ['auth'], defaultNS: 'auth', interpolation: { escapeValue: false } });
});
const text = (message: ScreenMessage) => screenMessageText(english.getFixedT('en', 'auth'), message);

/** Errors exactly as the API client builds them from the server's answers. */
const answered = (status: number, body: unknown) => errorFromHttpResponse(status, body);
const networkFailure = new AppError('NETWORK_ERROR', 'Network request failed');
const tooMany = answered(429, {
  code: 'RATE_LIMIT_EXCEEDED',
  message: 'Too many requests. Please wait a few minutes before trying again.',
});

describe('validation messages', () => {
  it('has the spec text for every rule', () => {
    const expected: Record<(typeof AUTH_VALIDATION_ISSUES)[number], string> = {
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters long',
      newPasswordTooShort: 'Password must be at least 8 characters',
      passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
      passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
      passwordNeedsNumber: 'Password must contain at least one number',
      confirmPasswordRequired: 'Please confirm your password',
      passwordsDoNotMatch: 'Passwords do not match',
      termsRequired: 'You must accept the terms and conditions',
      termsOfServiceRequired: 'You must accept the terms of service and privacy policy to continue',
    };
    for (const issue of AUTH_VALIDATION_ISSUES) expect(english.t(`validation.${issue}`, { ns: 'auth' }), issue).toBe(expected[issue]);
  });
});

describe('login screen messages', () => {
  it('says the credentials are wrong for INVALID_CREDENTIALS', () => {
    expect(text(loginFailure(answered(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' })))).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it('says the account is disabled when the server refuses it a session (403 without a code of its own)', () => {
    expect(
      text(
        loginFailure(
          answered(403, { code: 'FORBIDDEN', message: 'This account has been disabled. Contact support if you think this is a mistake.' }),
        ),
      ),
    ).toBe('This account has been disabled. Contact support if you think this is a mistake.');
    expect(isEmailNotConfirmed(answered(403, { code: 'FORBIDDEN', message: 'disabled' }))).toBe(false);
  });

  it('asks to wait when rate limited', () => {
    expect(text(loginFailure(tooMany))).toBe('Too many requests. Please wait a few minutes before trying again.');
  });

  it('falls back to the generic text', () => {
    expect(text(loginFailure(networkFailure))).toBe('An error occurred. Please try again.');
    expect(text(loginFailure(answered(500, { message: 'boom' })))).toBe('An error occurred. Please try again.');
  });

  it('recognises an unconfirmed address', () => {
    expect(
      isEmailNotConfirmed(
        answered(403, { code: 'EMAIL_NOT_CONFIRMED', message: 'Please check your email and click the confirmation link' }),
      ),
    ).toBe(true);
    expect(isEmailNotConfirmed(answered(403, { code: 'FORBIDDEN', message: 'x' }))).toBe(false);
  });

  it('names the provider that failed', () => {
    expect(text(socialReturnFailure(new URLSearchParams('provider=google&error=access_denied'), 'login')!)).toBe(
      'Failed to sign in with Google. Please try again.',
    );
    expect(text(socialReturnFailure(new URLSearchParams('provider=github&error=x'), 'login')!)).toBe(
      'Failed to sign in with GitHub. Please try again.',
    );
    expect(text(socialReturnFailure(new URLSearchParams('provider=google&error=x'), 'signup')!)).toBe(
      'Failed to sign up with Google. Please try again.',
    );
    expect(socialReturnFailure(new URLSearchParams('provider=google'), 'login')).toBeNull();
  });
});

describe('signup screen messages', () => {
  it("shows the server's message", () => {
    expect(text(signupFailure(answered(422, { code: 'USER_ALREADY_EXISTS', message: 'An account with this email already exists' })))).toBe(
      'An account with this email already exists',
    );
    expect(text(signupFailure(answered(403, { code: 'SIGNUP_DISABLED', message: 'Account registration is currently disabled' })))).toBe(
      'Account registration is currently disabled',
    );
  });

  it('falls back when there is no meaningful server message', () => {
    expect(text(signupFailure(networkFailure))).toBe('An error occurred. Please try again.');
    expect(text(signupFailure(answered(500, { message: 'stack trace' })))).toBe('An error occurred. Please try again.');
    expect(text(signupFailure(new TypeError('x')))).toBe('An error occurred during registration. Please try again.');
  });
});

describe('forgot password and resend messages', () => {
  it('distinguishes a refusal, a network failure and the rate limit', () => {
    expect(text(forgotPasswordFailure(answered(400, { code: 'AUTH_ERROR', message: 'x' })))).toBe(
      'Failed to send password reset email. Please try again.',
    );
    expect(text(forgotPasswordFailure(networkFailure))).toBe('An error occurred. Please try again.');
    expect(text(forgotPasswordFailure(tooMany))).toBe('Too many requests. Please wait a few minutes before trying again.');
  });

  it('says resend failed, or to wait', () => {
    expect(text(resendConfirmationFailure(answered(500, {})))).toBe('Failed to resend email. Please try again.');
    expect(text(resendConfirmationFailure(tooMany))).toBe('Too many requests. Please wait a few minutes before trying again.');
    expect(english.t('resend.success', { ns: 'auth' })).toBe('Confirmation email resent! Please check your inbox.');
  });
});

describe('reset password messages', () => {
  it('calls a token the server refuses an invalid link', () => {
    const refused = answered(400, { code: 'AUTH_ERROR', message: 'Invalid token', details: { providerCode: 'INVALID_TOKEN' } });
    expect(text(resetPasswordFailure(refused))).toBe('Invalid reset link. Please request a new password reset.');
  });

  it('says the update failed otherwise', () => {
    expect(
      text(
        resetPasswordFailure(
          answered(400, { code: 'AUTH_ERROR', message: 'Password too long', details: { providerCode: 'PASSWORD_TOO_LONG' } }),
        ),
      ),
    ).toBe('Failed to update password. Please try again.');
    expect(text(resetPasswordFailure(networkFailure))).toBe('Failed to update password. Please try again.');
  });

  it('has the link-check texts', () => {
    expect(english.t('resetPassword.errors.missingToken', { ns: 'auth' })).toBe(
      'Invalid or missing reset token. Please request a new password reset.',
    );
  });
});

describe('terms screen messages', () => {
  it('tells a refused acceptance, a failed one and an unsaved one apart', () => {
    expect(text(acceptTermsFailure(answered(400, { code: 'VALIDATION_ERROR', message: 'x' })))).toBe(
      'You must accept the terms and conditions to continue',
    );
    expect(text(acceptTermsFailure(answered(500, {})))).toBe('Failed to update your acceptance. Please try again.');
    expect(text(acceptTermsFailure(networkFailure))).toBe('Could not save your acceptance. Please try again.');
    expect(text(acceptTermsFailure(new Error('bug')))).toBe('An unexpected error occurred. Please try again later.');
  });

  it('tells a failed sign-out from an unreachable server', () => {
    expect(text(signOutFailure(answered(500, {})))).toBe('Failed to sign out. Please try again.');
    expect(text(signOutFailure(networkFailure))).toBe('Could not sign out. Please try again.');
    expect(text(signOutFailure(new Error('bug')))).toBe('An unexpected error occurred. Please try again later.');
  });
});

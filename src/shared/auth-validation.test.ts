import { describe, expect, it } from 'vitest';
import {
  normalizeEmail,
  validateAcceptTerms,
  validateEmail,
  validateForgotPassword,
  validateLogin,
  validatePasswordConfirmation,
  validatePasswordPresent,
  validateResetPassword,
  validateResetPasswordForm,
  validateSignup,
  validateSignupPassword,
} from './auth-validation';

describe('e-mail rule (login, signup, forgot password)', () => {
  it('requires an address, also when it is only spaces', () => {
    expect(validateEmail('')).toBe('emailRequired');
    expect(validateEmail('   ')).toBe('emailRequired');
  });

  it('accepts the simple name@domain.tld shape', () => {
    for (const email of ['ada@example.com', 'a.b+tag@mail.example.co.uk', '  ada@example.com  ']) {
      expect(validateEmail(email), email).toBeUndefined();
    }
  });

  it('refuses anything else, including inner spaces', () => {
    for (const email of [
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada example@x.com',
      'ada@exa mple.com',
      'a@b@c.com',
      'ada@example.',
    ]) {
      expect(validateEmail(email), email).toBe('emailInvalid');
    }
  });

  it('sends the address without surrounding spaces', () => {
    expect(normalizeEmail('  ada@example.com ')).toBe('ada@example.com');
  });
});

describe('login form', () => {
  it('requires e-mail and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
  });

  it('wants a valid address but no particular password shape', () => {
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ email: 'emailInvalid' });
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({});
    expect(validatePasswordPresent('x')).toBeUndefined();
  });
});

describe('signup form', () => {
  const valid = { email: 'ada@example.com', password: 'longenough', confirmPassword: 'longenough', acceptTerms: true };

  it('passes a complete form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it('requires every field and the accepted terms', () => {
    expect(validateSignup({ email: '', password: '', confirmPassword: '', acceptTerms: false })).toEqual({
      email: 'emailRequired',
      password: 'passwordRequired',
      confirmPassword: 'confirmPasswordRequired',
      acceptTerms: 'termsRequired',
    });
  });

  it('wants a valid address', () => {
    expect(validateSignup({ ...valid, email: 'ada@' })).toEqual({ email: 'emailInvalid' });
  });

  it('wants at least 8 characters and nothing more', () => {
    expect(validateSignupPassword('1234567')).toBe('passwordTooShort');
    expect(validateSignupPassword('12345678')).toBeUndefined();
    expect(validateSignupPassword('aaaaaaaa')).toBeUndefined();
  });

  it('wants the confirmation to match', () => {
    expect(validateSignup({ ...valid, confirmPassword: 'longenougH' })).toEqual({ confirmPassword: 'passwordsDoNotMatch' });
    expect(validatePasswordConfirmation('a', '')).toBe('confirmPasswordRequired');
  });
});

describe('reset password form', () => {
  it('requires the new password and its confirmation', () => {
    expect(validateResetPasswordForm({ password: '', confirmPassword: '' })).toEqual({
      password: 'passwordRequired',
      confirmPassword: 'confirmPasswordRequired',
    });
  });

  it('wants at least 8 characters', () => {
    expect(validateResetPassword('Ab1defg')).toBe('newPasswordTooShort');
  });

  it('wants a lowercase letter, an uppercase letter and a number', () => {
    expect(validateResetPassword('ABCDEFG1')).toBe('passwordNeedsLowercase');
    expect(validateResetPassword('abcdefg1')).toBe('passwordNeedsUppercase');
    expect(validateResetPassword('Abcdefgh')).toBe('passwordNeedsNumber');
    expect(validateResetPassword('Abcdefg1')).toBeUndefined();
  });

  it('wants the confirmation to match', () => {
    expect(validateResetPasswordForm({ password: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: 'passwordsDoNotMatch',
    });
    expect(validateResetPasswordForm({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toEqual({});
  });
});

describe('forgot password form', () => {
  it('requires a valid address', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({ email: 'emailRequired' });
    expect(validateForgotPassword({ email: 'x@y' })).toEqual({ email: 'emailInvalid' });
    expect(validateForgotPassword({ email: 'x@y.io' })).toEqual({});
  });
});

describe('accept terms form', () => {
  it('needs the box ticked', () => {
    expect(validateAcceptTerms({ acceptTerms: false })).toEqual({ acceptTerms: 'termsOfServiceRequired' });
    expect(validateAcceptTerms({ acceptTerms: true })).toEqual({});
  });
});

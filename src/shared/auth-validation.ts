import { MIN_PASSWORD_LENGTH } from './constants';

/**
 * The validation rules for the account forms, as plain functions the web forms
 * and the server can both run. They answer with an issue key, never with a text: the texts live in
 * the locale files (`validation.<issue>` in the auth namespace), so each one exists once.
 */
export const AUTH_VALIDATION_ISSUES = [
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'passwordTooShort',
  'newPasswordTooShort',
  'passwordNeedsLowercase',
  'passwordNeedsUppercase',
  'passwordNeedsNumber',
  'confirmPasswordRequired',
  'passwordsDoNotMatch',
  'termsRequired',
  'termsOfServiceRequired',
] as const;

export type AuthValidationIssue = (typeof AUTH_VALIDATION_ISSUES)[number];

/**
 * The password issues in English, for the server's own answers (the password rules hold on the
 * server too). The web client shows its locale's words, which a test keeps equal to these.
 */
export const PASSWORD_ISSUE_TEXTS = {
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  newPasswordTooShort: 'Password must be at least 8 characters',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
} as const satisfies Partial<Record<AuthValidationIssue, string>>;

export type PasswordIssue = keyof typeof PASSWORD_ISSUE_TEXTS;

/** Issues by field; a field without an entry is valid. */
export type FormIssues<Field extends string> = Partial<Record<Field, AuthValidationIssue>>;

/** The spec's "simple {email} shape, no spaces": something@something.something. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Addresses are compared and sent without the spaces people paste around them. */
export function normalizeEmail(value: string): string {
  return value.trim();
}

export function validateEmail(value: string): AuthValidationIssue | undefined {
  const email = normalizeEmail(value);
  if (!email) return 'emailRequired';
  if (!EMAIL_SHAPE.test(email)) return 'emailInvalid';
  return undefined;
}

/** Sign-in only asks for a password; its rules were checked when it was chosen. */
export function validatePasswordPresent(value: string): AuthValidationIssue | undefined {
  return value ? undefined : 'passwordRequired';
}

/** Sign-up: required, at least 8 characters. */
export function validateSignupPassword(value: string): PasswordIssue | undefined {
  if (!value) return 'passwordRequired';
  if (value.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  return undefined;
}

/** Reset: required, at least 8 characters, one lowercase, one uppercase, one number. */
export function validateResetPassword(value: string): PasswordIssue | undefined {
  if (!value) return 'passwordRequired';
  if (value.length < MIN_PASSWORD_LENGTH) return 'newPasswordTooShort';
  if (!/\p{Ll}/u.test(value)) return 'passwordNeedsLowercase';
  if (!/\p{Lu}/u.test(value)) return 'passwordNeedsUppercase';
  if (!/\p{Nd}/u.test(value)) return 'passwordNeedsNumber';
  return undefined;
}

export function validatePasswordConfirmation(password: string, confirmation: string): AuthValidationIssue | undefined {
  if (!confirmation) return 'confirmPasswordRequired';
  if (confirmation !== password) return 'passwordsDoNotMatch';
  return undefined;
}

function withoutValid<Field extends string>(issues: Record<Field, AuthValidationIssue | undefined>): FormIssues<Field> {
  const found: FormIssues<Field> = {};
  for (const [field, issue] of Object.entries(issues) as [Field, AuthValidationIssue | undefined][]) {
    if (issue) found[field] = issue;
  }
  return found;
}

export interface LoginValues {
  email: string;
  password: string;
}
export type LoginField = keyof LoginValues;

export function validateLogin(values: LoginValues): FormIssues<LoginField> {
  return withoutValid({ email: validateEmail(values.email), password: validatePasswordPresent(values.password) });
}

export interface SignupValues {
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}
export type SignupField = keyof SignupValues;

export function validateSignup(values: SignupValues): FormIssues<SignupField> {
  return withoutValid({
    email: validateEmail(values.email),
    password: validateSignupPassword(values.password),
    confirmPassword: validatePasswordConfirmation(values.password, values.confirmPassword),
    acceptTerms: values.acceptTerms ? undefined : 'termsRequired',
  });
}

export interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}
export type ResetPasswordField = keyof ResetPasswordValues;

export function validateResetPasswordForm(values: ResetPasswordValues): FormIssues<ResetPasswordField> {
  return withoutValid({
    password: validateResetPassword(values.password),
    confirmPassword: validatePasswordConfirmation(values.password, values.confirmPassword),
  });
}

export interface ForgotPasswordValues {
  email: string;
}
export type ForgotPasswordField = keyof ForgotPasswordValues;

export function validateForgotPassword(values: ForgotPasswordValues): FormIssues<ForgotPasswordField> {
  return withoutValid({ email: validateEmail(values.email) });
}

export interface AcceptTermsValues {
  acceptTerms: boolean;
}
export type AcceptTermsField = keyof AcceptTermsValues;

export function validateAcceptTerms(values: AcceptTermsValues): FormIssues<AcceptTermsField> {
  return withoutValid({ acceptTerms: values.acceptTerms ? undefined : 'termsOfServiceRequired' });
}

import { AppError, HTTP_STATUS_OF_CODE, type ErrorCode } from './errors';

/**
 * The spec's auth provider mapping (section 8): the auth library's error codes become the
 * product's codes and texts. Anything unknown stays AUTH_ERROR with the provider's own message.
 */
export const AUTH_ERROR_TEXTS = {
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_NOT_CONFIRMED: 'Please check your email and click the confirmation link',
  USER_ALREADY_EXISTS: 'An account with this email already exists',
  SIGNUP_DISABLED: 'Account registration is currently disabled',
  RATE_LIMIT_EXCEEDED: 'Too many requests. Please wait a few minutes before trying again',
} as const satisfies Partial<Record<ErrorCode, string>>;

const PROVIDER_CODES: Record<string, keyof typeof AUTH_ERROR_TEXTS> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_CONFIRMED',
  USER_ALREADY_EXISTS: 'USER_ALREADY_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'SIGNUP_DISABLED',
  SIGNUP_DISABLED: 'SIGNUP_DISABLED',
  TOO_MANY_REQUESTS: 'RATE_LIMIT_EXCEEDED',
};

export function mapAuthProviderError(status: number, body: unknown): AppError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const providerCode = typeof record.code === 'string' ? record.code : '';
  const providerMessage = typeof record.message === 'string' && record.message ? record.message : 'Authentication failed';
  const code = status === 429 ? 'RATE_LIMIT_EXCEEDED' : PROVIDER_CODES[providerCode];
  if (code) return new AppError(code, AUTH_ERROR_TEXTS[code], { status: HTTP_STATUS_OF_CODE[code] });
  if (status === 401) return new AppError('UNAUTHORIZED', providerMessage, { status });
  if (status === 403) return new AppError('FORBIDDEN', providerMessage, { status });
  return new AppError('AUTH_ERROR', providerMessage, {
    status: status >= 400 && status < 600 ? status : 400,
    details: providerCode ? { providerCode } : undefined,
  });
}

import type { CodedText } from './coded-text';

/**
 * The error model, shared by the server (which answers with it) and the web
 * client (which turns any HTTP answer back into it).
 */

export const ERROR_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TOKEN_EXPIRED',
  'AUTH_ERROR',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'USER_ALREADY_EXISTS',
  'SIGNUP_DISABLED',
  'RATE_LIMIT_EXCEEDED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'INSUFFICIENT_BALANCE',
  'GENERATION_FAILED',
  'UPLOAD_FAILED',
  'UNKNOWN_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error the server sends. */
export interface ErrorBody {
  code: ErrorCode;
  /** In English, for API clients; the app words `text_code` in the reader's language where there is one. */
  message: string;
  details?: unknown;
  text_code?: CodedText;
}

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';
export const INSUFFICIENT_CREDITS_MESSAGE = 'Insufficient credits';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.';
export const REQUEST_TIMEOUT_MESSAGE = 'Request timeout';
export const NETWORK_FAILURE_MESSAGE = 'Network request failed';
export const NO_TOKEN_MESSAGE = 'No authentication token available';
export const TOKEN_FAILURE_MESSAGE = 'Failed to get authentication token';

/** An error as the whole product passes it around: a code, a readable message, optional details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly details: unknown;
  /** The message as a code, which the client words in the reader's language. */
  readonly text: CodedText | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { status?: number; details?: unknown; cause?: unknown; text?: CodedText | undefined } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status;
    this.details = options.details;
    this.text = options.text;
  }

  toBody(): ErrorBody {
    const body: ErrorBody =
      this.details === undefined
        ? { code: this.code, message: this.message }
        : { code: this.code, message: this.message, details: this.details };
    return this.text ? { ...body, text_code: this.text } : body;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * The message of an error body, in the spec's order: a string body as it is; else the first
 * string among message, error, detail, details, msg, error.message; else the default.
 */
export function extractErrorMessage(body: unknown): string {
  if (typeof body === 'string') return body.length > 0 ? body : DEFAULT_ERROR_MESSAGE;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail', 'details', 'msg'] as const) {
      if (typeof record[key] === 'string') return record[key];
    }
    const nested = record.error;
    if (nested && typeof nested === 'object' && typeof (nested as Record<string, unknown>).message === 'string') {
      return (nested as { message: string }).message;
    }
  }
  return DEFAULT_ERROR_MESSAGE;
}

/** The coded message of a server's answer, where it sent one (a malformed one is ignored). */
function textOfBody(body: unknown): CodedText | undefined {
  if (!body || typeof body !== 'object') return undefined;
  // Only the shape is checked: the list of codes stays out of the landing page's JavaScript, and an
  // unknown code falls back to the English message where it is worded (useErrorText).
  const text = (body as Record<string, unknown>).text_code as { code?: unknown; params?: unknown } | undefined;
  return text &&
    typeof text === 'object' &&
    typeof text.code === 'string' &&
    (text.params === undefined || (typeof text.params === 'object' && text.params !== null))
    ? (text as CodedText)
    : undefined;
}

function codeOfBody(body: unknown): ErrorCode | undefined {
  if (body && typeof body === 'object') {
    const code = (body as Record<string, unknown>).code;
    if (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)) return code as ErrorCode;
  }
  return undefined;
}

/**
 * The spec's HTTP status mapping (section 8), applied by the web client to every failed answer.
 * 400 carries the body as details; 402 and 429 have fixed texts; other statuses keep the
 * extracted message. A 401 from the sign-in endpoints keeps the server's more precise auth code.
 */
export function errorFromHttpResponse(status: number, body: unknown): AppError {
  const message = extractErrorMessage(body);
  const text = textOfBody(body);
  const bodyCode = codeOfBody(body);
  switch (status) {
    case 400:
      return new AppError('VALIDATION_ERROR', message, { text, status, details: body });
    case 401:
      return new AppError(bodyCode && AUTH_CODES.has(bodyCode) ? bodyCode : 'UNAUTHORIZED', message, { text, status });
    case 402:
      return new AppError('INSUFFICIENT_BALANCE', INSUFFICIENT_CREDITS_MESSAGE, { text, status, details: body });
    case 403:
      // The body is kept as details: a refusal by the user's own spending limit carries its figures there.
      return new AppError(bodyCode && AUTH_CODES.has(bodyCode) ? bodyCode : 'FORBIDDEN', message, { text, status, details: body });
    case 404:
      return new AppError('NOT_FOUND', message, { text, status });
    case 429:
      // Said in the reader's language also when a proxy, not the server, refused.
      return new AppError('NETWORK_ERROR', TOO_MANY_REQUESTS_MESSAGE, { text: text ?? { code: 'error.tooManyRequests' }, status });
    case 500:
      return new AppError('INTERNAL_SERVER_ERROR', message, { text, status });
    case 503:
      return new AppError('SERVICE_UNAVAILABLE', message, { text, status });
    default:
      return new AppError('UNKNOWN_ERROR', message, { text, status, details: { text, status } });
  }
}

const AUTH_CODES: ReadonlySet<ErrorCode> = new Set([
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'USER_ALREADY_EXISTS',
  'SIGNUP_DISABLED',
  'TOKEN_EXPIRED',
  'AUTH_ERROR',
]);

/** The status the server answers with for each code it raises. */
export const HTTP_STATUS_OF_CODE: Record<ErrorCode, number> = {
  NETWORK_ERROR: 503,
  TIMEOUT: 504,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOKEN_EXPIRED: 401,
  AUTH_ERROR: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  USER_ALREADY_EXISTS: 422,
  SIGNUP_DISABLED: 403,
  RATE_LIMIT_EXCEEDED: 429,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_BALANCE: 402,
  GENERATION_FAILED: 502,
  UPLOAD_FAILED: 400,
  UNKNOWN_ERROR: 500,
};

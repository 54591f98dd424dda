import { coded } from '@shared/coded-text';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { AppError, DEFAULT_ERROR_MESSAGE, HTTP_STATUS_OF_CODE, type ErrorBody } from '@shared/errors';
import { isDatabaseUnavailable } from './connection-failures';
import type { AppEnv } from '../context';

/** Turns a zod failure into the spec's 400 VALIDATION_ERROR, naming every field that failed. */
export function validationError(error: ZodError, target: string): AppError {
  const fields = error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : target,
    message: issue.message,
  }));
  const names = [...new Set(fields.map((f) => f.field))];
  return new AppError('VALIDATION_ERROR', `Invalid ${target}: ${names.join(', ')}`, { details: { fields } });
}

/** What a path that is no API route answers; routes that must look absent to some callers answer the same. */
export function noSuchApiRoute(c: Context<AppEnv>): AppError {
  return new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`);
}

export function errorResponse(c: Context<AppEnv>, error: AppError): Response {
  const status = error.status ?? HTTP_STATUS_OF_CODE[error.code];
  return c.json<ErrorBody>(error.toBody(), status as 400);
}

const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/** The database is down, hung or overloaded: 503, and a hint to try again shortly. */
export function serviceUnavailableResponse(c: Context<AppEnv>): Response {
  c.header('Retry-After', '5');
  return errorResponse(c, new AppError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, { text: coded('error.serviceUnavailable') }));
}

/**
 * The one place an exception becomes an HTTP answer: {code, message, details}. A database that is
 * down or hung is 503, also when a service wrapped the failure. An AppError is answered as it is
 * (logged when it reports a failure of ours, with its cause); anything else is the route's service
 * error (`serviceError`), or a bare 500, and is logged.
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (isDatabaseUnavailable(error)) {
    c.get('logger')?.warn({ err: error }, 'the database is unavailable');
    return serviceUnavailableResponse(c);
  }
  if (error instanceof AppError) {
    if ((error.status ?? HTTP_STATUS_OF_CODE[error.code]) >= 500 && error.cause !== undefined)
      c.get('logger')?.error({ err: error.cause }, error.message);
    return errorResponse(c, error);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) return errorResponse(c, new AppError('BAD_REQUEST', 'Request body is too large', { status }));
    // Hono's own 400s (malformed JSON, bad form data) are validation errors of the body.
    if (status === 400)
      return errorResponse(
        c,
        new AppError('VALIDATION_ERROR', error.message || 'Malformed request body', {
          details: { fields: [{ field: 'body', message: error.message }] },
        }),
      );
    if (status === 401) return errorResponse(c, new AppError('UNAUTHORIZED', error.message || 'Unauthorized', { status }));
    return errorResponse(c, new AppError('UNKNOWN_ERROR', error.message || DEFAULT_ERROR_MESSAGE, { status }));
  }
  const failure = c.get('serviceFailure');
  c.get('logger')?.error({ err: error }, failure?.message ?? 'unhandled error');
  return errorResponse(
    c,
    // The operation's own failure stays in `message` for API clients; a reader is told it in their language.
    failure
      ? new AppError(failure.code, failure.message, { status: 500, text: coded('error.unexpected') })
      : new AppError('INTERNAL_SERVER_ERROR', DEFAULT_ERROR_MESSAGE, { text: coded('error.unexpected') }),
  );
}

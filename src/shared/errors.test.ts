import { describe, expect, it } from 'vitest';
import { AppError, DEFAULT_ERROR_MESSAGE, ERROR_CODES, errorFromHttpResponse, extractErrorMessage } from './errors';

describe('the error catalogue', () => {
  it('has every code', () => {
    expect([...ERROR_CODES].sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it('serialises as {code, message, details}', () => {
    expect(new AppError('NOT_FOUND', 'Session not found').toBody()).toEqual({ code: 'NOT_FOUND', message: 'Session not found' });
    expect(new AppError('VALIDATION_ERROR', 'Invalid', { details: { fields: [] } }).toBody()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid',
      details: { fields: [] },
    });
  });
});

describe('message extraction, in the spec order', () => {
  it('takes a string body as it is', () => {
    expect(extractErrorMessage('Bad gateway from upstream')).toBe('Bad gateway from upstream');
  });
  it('prefers message over error, detail, details and msg', () => {
    expect(extractErrorMessage({ msg: 'm5', details: 'm4', detail: 'm3', error: 'm2', message: 'm1' })).toBe('m1');
  });
  it('falls to error, then detail, then details, then msg', () => {
    expect(extractErrorMessage({ msg: 'm5', details: 'm4', detail: 'm3', error: 'm2' })).toBe('m2');
    expect(extractErrorMessage({ msg: 'm5', details: 'm4', detail: 'm3' })).toBe('m3');
    expect(extractErrorMessage({ msg: 'm5', details: 'm4' })).toBe('m4');
    expect(extractErrorMessage({ msg: 'm5' })).toBe('m5');
  });
  it('reads error.message when error is an object', () => {
    expect(extractErrorMessage({ error: { message: 'nested' } })).toBe('nested');
  });
  it('skips values that are not strings', () => {
    expect(extractErrorMessage({ message: 42, details: { a: 1 }, msg: 'the string one' })).toBe('the string one');
  });
  it('falls back to the default text', () => {
    expect(extractErrorMessage({})).toBe(DEFAULT_ERROR_MESSAGE);
    expect(extractErrorMessage(null)).toBe('An unexpected error occurred');
    expect(extractErrorMessage('')).toBe('An unexpected error occurred');
  });
});

describe('HTTP status mapping', () => {
  it('400 is a validation error carrying the body', () => {
    const body = { code: 'VALIDATION_ERROR', message: 'Invalid body: amount_cents', details: { fields: [{ field: 'amount_cents' }] } };
    const error = errorFromHttpResponse(400, body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Invalid body: amount_cents');
    expect(error.details).toEqual(body);
  });
  it('401 is UNAUTHORIZED', () => {
    expect(errorFromHttpResponse(401, { message: 'Sign in first' })).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in first' });
  });
  it('401 keeps a precise auth code the server sent', () => {
    expect(errorFromHttpResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }).code).toBe(
      'INVALID_CREDENTIALS',
    );
  });
  it("402 is INSUFFICIENT_BALANCE 'Insufficient credits'", () => {
    expect(errorFromHttpResponse(402, { message: 'whatever the server said' })).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient credits',
    });
  });
  it('403 is FORBIDDEN', () => {
    expect(errorFromHttpResponse(403, { error: 'Not yours' })).toMatchObject({ code: 'FORBIDDEN', message: 'Not yours' });
  });
  it('404 is NOT_FOUND', () => {
    expect(errorFromHttpResponse(404, 'Not here')).toMatchObject({ code: 'NOT_FOUND', message: 'Not here' });
  });
  it("429 is NETWORK_ERROR 'Too many requests. Please try again later.'", () => {
    expect(errorFromHttpResponse(429, { message: 'slow down' })).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Too many requests. Please try again later.',
    });
  });
  it('500 is INTERNAL_SERVER_ERROR', () => {
    expect(errorFromHttpResponse(500, {})).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred' });
  });
  it('503 is SERVICE_UNAVAILABLE', () => {
    expect(errorFromHttpResponse(503, { detail: 'Maintenance' })).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Maintenance' });
  });
  it('any other status is UNKNOWN_ERROR with the status', () => {
    const error = errorFromHttpResponse(418, { msg: "I'm a teapot" });
    expect(error).toMatchObject({ code: 'UNKNOWN_ERROR', message: "I'm a teapot", status: 418 });
    expect(error.details).toEqual({ status: 418 });
  });
});

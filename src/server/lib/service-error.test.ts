import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@shared/errors';
import { handleError } from './http-errors';
import type { Logger } from './logger';
import { createRouter, jsonContent } from './openapi';
import { serviceError } from './service-error';

/** A router as app.ts mounts one: a request logger, handleError, and routes that fail in each way. */
function appFailingWith(failure: () => never) {
  const logged: Array<{ fields: unknown; message: string }> = [];
  const logger = { error: vi.fn((fields: unknown, message: string) => logged.push({ fields, message })) } as unknown as Logger;
  const answer = jsonContent(z.object({ ok: z.boolean() }), 'Never sent');
  const app = createRouter();
  app.use('*', async (c, next) => {
    c.set('logger', logger);
    await next();
  });
  app
    .openapi(
      createRoute({ method: 'get', path: '/messages', middleware: serviceError('Failed to fetch messages'), responses: { 200: answer } }),
      () => failure(),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/uploads',
        middleware: serviceError('Failed to upload file: it could not be stored', 'UPLOAD_FAILED'),
        responses: { 200: answer },
      }),
      () => failure(),
    )
    .openapi(createRoute({ method: 'get', path: '/undeclared', responses: { 200: answer } }), () => failure());
  app.onError(handleError);
  return { app, logged };
}

const databaseDown = () => {
  throw new Error('connect ECONNREFUSED 10.1.2.3:5432 (relation "messages")');
};

describe('one error style: services throw, routes name their service error', () => {
  it("answers an unexpected failure with the operation's service error, and logs, never sends, its cause", async () => {
    const { app, logged } = appFailingWith(databaseDown);
    const response = await app.request('/messages');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Failed to fetch messages',
      text_code: { code: 'error.unexpected' },
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toBe('Failed to fetch messages');
    expect(String((logged[0]!.fields as { err: Error }).err.message)).toContain('ECONNREFUSED');
  });

  it('keeps the code an operation names for its service error', async () => {
    const { app } = appFailingWith(databaseDown);
    const response = await app.request('/uploads', { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'UPLOAD_FAILED',
      message: 'Failed to upload file: it could not be stored',
      text_code: { code: 'error.unexpected' },
    });
  });

  it('passes what a service refuses through unchanged, without logging it', async () => {
    const { app, logged } = appFailingWith(() => {
      throw new AppError('NOT_FOUND', 'Chat session not found');
    });
    const response = await app.request('/messages');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Chat session not found' });
    expect(logged).toEqual([]);
  });

  it('logs the cause of a failure a service reports itself, and sends only its message', async () => {
    const { app, logged } = appFailingWith(() => {
      throw new AppError('UPLOAD_FAILED', 'Failed to create file record: it could not be saved', {
        status: 500,
        cause: new Error('duplicate key in user_files'),
      });
    });
    const response = await app.request('/uploads', { method: 'POST' });
    expect(await response.json()).toEqual({ code: 'UPLOAD_FAILED', message: 'Failed to create file record: it could not be saved' });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toBe('Failed to create file record: it could not be saved');
    expect(String((logged[0]!.fields as { err: Error }).err.message)).toContain('user_files');
  });

  it('answers a route that names no service error with the generic message', async () => {
    const { app } = appFailingWith(databaseDown);
    const response = await app.request('/undeclared');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'An unexpected error occurred',
      text_code: { code: 'error.unexpected' },
    });
  });
});

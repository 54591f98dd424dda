import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '@shared/errors';
import { UPLOAD_MAX_BYTES, userFileSchema } from '@shared/studio';
import type { AppDeps } from '../../context';
import { errorResponse } from '../../lib/http-errors';
import { createRouter } from '../../lib/openapi';
import { asServiceError, requireUserFor } from '../../lib/service-error';
import { uploadFailed } from './image-intake';
import { FileRecordError, uploadPhoto } from './uploads.service';

/** Where uploads are posted; app.ts exempts it from the 1 MB JSON body limit. */
export const UPLOADS_PATH = '/api/uploads';
/** The file itself plus room for the multipart envelope. */
export const UPLOAD_BODY_LIMIT_BYTES = UPLOAD_MAX_BYTES + 256 * 1024;

const uploadForm = z.object({
  file: z.instanceof(File, { message: 'Choose an image to upload' }).openapi({ type: 'string', format: 'binary' }),
});

export function uploadsRoutes(deps: AppDeps) {
  const uploadRoute = createRoute({
    method: 'post',
    path: '/',
    summary: 'Upload a photo (JPEG, PNG or WebP); it is re-encoded without metadata and queued for verification',
    middleware: requireUserFor(deps, 'User must be logged in to upload files'),
    request: { body: { required: true, content: { 'multipart/form-data': { schema: uploadForm } } } },
    responses: { 201: { description: "The stored file, verified_enum 'pending'", content: { 'application/json': { schema: userFileSchema } } } },
  });

  const router = createRouter();
  // A refusal (sign-in, size, type) may come before the body was read to its end; a connection with
  // unread upload bytes on it must not carry the client's next request.
  router.use('*', async (c, next) => {
    await next();
    if (c.res.status >= 400) c.header('Connection', 'close');
  });
  // Refused before the body is read: by Content-Length at once, or as soon as a chunked body passes the limit.
  router.use(
    '*',
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT_BYTES,
      onError: (c) => {
        c.header('Connection', 'close');
        return errorResponse(c, uploadFailed(`the file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`, 413));
      },
    }),
  );
  return router.openapi(uploadRoute, async (c) => {
    const { file } = c.req.valid('form');
    const data = Buffer.from(await file.arrayBuffer());
    const stored = await asServiceError(
      c,
      'Failed to upload file: it could not be stored',
      () =>
        uploadPhoto(deps, c.get('user').id, { name: file.name, data }).catch((error: unknown) => {
          if (!(error instanceof FileRecordError)) throw error;
          c.get('logger').error({ err: error.cause }, 'Failed to create file record');
          throw new AppError('UPLOAD_FAILED', 'Failed to create file record: it could not be saved', { status: 500 });
        }),
      'UPLOAD_FAILED',
    );
    return c.json(stored, 201);
  });
}

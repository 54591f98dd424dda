import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_MAX_BYTES, userFileSchema } from '@shared/studio';
import type { AppDeps } from '../../context';
import { errorResponse } from '../../lib/http-errors';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { serviceError } from '../../lib/service-error';
import { rateLimitStore } from '../../db/rate-limits';
import { userRateLimit } from '../../lib/user-rate-limit';
import { uploadTooLarge } from './image-intake';
import { uploadPhoto } from './uploads.service';

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
    middleware: [
      requireUser(deps, { loginRequired: 'User must be logged in to upload files' }),
      userRateLimit(rateLimitStore(deps.db), 'uploads', deps.config.fairUse.uploadsPerMinute),
      serviceError('Failed to upload file: it could not be stored', 'UPLOAD_FAILED'),
    ],
    request: { body: { required: true, content: { 'multipart/form-data': { schema: uploadForm } } } },
    responses: {
      201: jsonContent(userFileSchema, "The stored file, verified_enum 'pending'"),
      429: { description: 'RATE_LIMIT_EXCEEDED: more uploads this minute than RATE_LIMIT_UPLOADS_PER_MINUTE' },
    },
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
        return errorResponse(c, uploadTooLarge());
      },
    }),
  );
  return router.openapi(uploadRoute, async (c) => {
    const { file } = c.req.valid('form');
    const data = Buffer.from(await file.arrayBuffer());
    const stored = await uploadPhoto(deps, c.get('user').id, { name: file.name, data });
    return c.json(stored, 201);
  });
}

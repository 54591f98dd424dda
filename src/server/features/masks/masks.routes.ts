import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '@shared/errors';
import { imageMaskSchema, MASK_MAX_BYTES, MASK_TEXTS } from '@shared/masks';
import type { AppDeps } from '../../context';
import { errorResponse } from '../../lib/http-errors';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { serviceError } from '../../lib/service-error';
import { createMask, ownMaskPng } from './masks.service';

/** Where masks are posted; app.ts exempts it from the 1 MB JSON body limit (it has its own). */
export const MASKS_PATH = '/api/masks';
const MASK_BODY_LIMIT_BYTES = MASK_MAX_BYTES + 64 * 1024;

const maskForm = z.object({
  file_id: z.uuid(),
  mask: z.instanceof(File, { message: MASK_TEXTS.notPng }).openapi({ type: 'string', format: 'binary' }),
});
const maskIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export function masksRoutes(deps: AppDeps) {
  const createMaskRoute = createRoute({
    method: 'post',
    path: '/',
    summary: 'Store a selected area of one of your images: a PNG of its exact size, painted (opaque or white) where the edit may change it',
    middleware: [
      requireUser(deps, { loginRequired: 'User must be logged in to select an area' }),
      serviceError('Failed to store the selected area'),
    ],
    request: { body: { required: true, content: { 'multipart/form-data': { schema: maskForm } } } },
    responses: { 201: jsonContent(imageMaskSchema, 'The stored mask') },
  });
  const getMaskRoute = createRoute({
    method: 'get',
    path: '/{id}',
    summary: 'A stored mask (one-channel PNG, white = selected); only its owner may read it',
    middleware: [
      requireUser(deps, { loginRequired: 'User must be logged in to select an area' }),
      serviceError('Failed to read the selected area'),
    ],
    request: { params: maskIdParams },
    responses: { 200: { description: 'The mask', content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } } } },
  });

  const router = createRouter();
  router.use(
    '*',
    bodyLimit({
      maxSize: MASK_BODY_LIMIT_BYTES,
      onError: (c) => {
        c.header('Connection', 'close');
        return errorResponse(c, new AppError('BAD_REQUEST', 'Request body is too large', { status: 413 }));
      },
    }),
  );
  return router
    .openapi(createMaskRoute, async (c) => {
      const form = c.req.valid('form');
      const mask = await createMask(deps, c.get('user').id, { fileId: form.file_id, png: Buffer.from(await form.mask.arrayBuffer()) });
      return c.json(mask, 201);
    })
    .openapi(getMaskRoute, async (c) => {
      const png = await ownMaskPng(deps, c.get('user').id, c.req.valid('param').id);
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(png), 200);
    });
}

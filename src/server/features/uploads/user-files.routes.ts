import { createRoute, z } from '@hono/zod-openapi';
import { LIBRARY_VIEW_ALL_LIMIT, VERIFIED_IMAGES_DEFAULT_LIMIT } from '@shared/constants';
import { userFileSchema, userFilesPageSchema } from '@shared/studio';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { asServiceError, requireUserFor } from '../../lib/service-error';
import { deleteGeneratedImage, getOwnFile, listOwnApprovedFiles, MAX_VERIFICATION_WAIT_SECONDS } from './uploads.service';

const fileIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export function userFilesRoutes(deps: AppDeps) {
  const listRoute = createRoute({
    method: 'get',
    path: '/',
    summary: "The user's approved images, newest first, with the exact total",
    middleware: requireUserFor(deps, 'User must be logged in to get verified images'),
    request: {
      query: z.object({
        kind: z.enum(['uploaded', 'generated']).optional(),
        limit: z.coerce.number().int().min(1).max(LIBRARY_VIEW_ALL_LIMIT).default(VERIFIED_IMAGES_DEFAULT_LIMIT),
        offset: z.coerce.number().int().min(0).default(0),
      }),
    },
    responses: { 200: { description: 'A page of images', content: { 'application/json': { schema: userFilesPageSchema } } } },
  });
  const getRoute = createRoute({
    method: 'get',
    path: '/{id}',
    summary: "One of the user's files; poll until verified_enum is no longer 'pending'",
    description: `With \`wait\` (seconds, at most ${MAX_VERIFICATION_WAIT_SECONDS}) a pending file is answered as soon as its verdict is written.`,
    middleware: requireUserFor(deps, 'User must be logged in to get verified images'),
    request: {
      params: fileIdParams,
      query: z.object({ wait: z.coerce.number().int().min(0).max(MAX_VERIFICATION_WAIT_SECONDS).default(0) }),
    },
    responses: { 200: { description: 'The file', content: { 'application/json': { schema: userFileSchema } } } },
  });
  const deleteRoute = createRoute({
    method: 'delete',
    path: '/{id}',
    summary: 'Delete a generated image (uploaded images cannot be deleted)',
    middleware: requireUserFor(deps, 'User must be logged in to delete images'),
    request: { params: fileIdParams },
    responses: { 204: { description: 'Deleted' } },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const page = await asServiceError(c, 'Failed to fetch verified images', () => listOwnApprovedFiles(deps, c.get('user').id, c.req.valid('query')));
      return c.json(page, 200);
    })
    .openapi(getRoute, async (c) => {
      const file = await asServiceError(c, 'Failed to check file verification status', () =>
        getOwnFile(deps, c.get('user').id, c.req.valid('param').id, c.req.valid('query').wait),
      );
      return c.json(file, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await asServiceError(c, 'Failed to delete file', () => deleteGeneratedImage(deps, c.get('user').id, c.req.valid('param').id));
      return c.body(null, 204);
    });
}

import { createRoute, z } from '@hono/zod-openapi';
import { LIBRARY_VIEW_ALL_LIMIT, VERIFIED_IMAGES_DEFAULT_LIMIT } from '@shared/constants';
import { userFileSchema, userFilesPageSchema } from '@shared/studio';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { serviceError } from '../../lib/service-error';
import { deleteGeneratedImage, getOwnFile, listOwnApprovedFiles, MAX_VERIFICATION_WAIT_SECONDS } from './uploads.service';

const fileIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export function userFilesRoutes(deps: AppDeps) {
  const listRoute = createRoute({
    method: 'get',
    path: '/',
    summary: "The user's approved images, newest first, with the exact total",
    middleware: [requireUser(deps, { loginRequired: 'User must be logged in to get verified images' }), serviceError('Failed to fetch verified images')],
    request: {
      query: z.object({
        kind: z.enum(['uploaded', 'generated']).optional(),
        limit: z.coerce.number().int().min(1).max(LIBRARY_VIEW_ALL_LIMIT).default(VERIFIED_IMAGES_DEFAULT_LIMIT),
        offset: z.coerce.number().int().min(0).default(0),
      }),
    },
    responses: { 200: jsonContent(userFilesPageSchema, 'A page of images') },
  });
  const getRoute = createRoute({
    method: 'get',
    path: '/{id}',
    summary: "One of the user's files; poll until verified_enum is no longer 'pending'",
    description: `With \`wait\` (seconds, at most ${MAX_VERIFICATION_WAIT_SECONDS}) a pending file is answered as soon as its verdict is written.`,
    middleware: [requireUser(deps, { loginRequired: 'User must be logged in to get verified images' }), serviceError('Failed to check file verification status')],
    request: {
      params: fileIdParams,
      query: z.object({ wait: z.coerce.number().int().min(0).max(MAX_VERIFICATION_WAIT_SECONDS).default(0) }),
    },
    responses: { 200: jsonContent(userFileSchema, 'The file') },
  });
  const deleteRoute = createRoute({
    method: 'delete',
    path: '/{id}',
    summary: 'Delete a generated image (uploaded images cannot be deleted)',
    middleware: [requireUser(deps, { loginRequired: 'User must be logged in to delete images' }), serviceError('Failed to delete file')],
    request: { params: fileIdParams },
    responses: { 204: { description: 'Deleted' } },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const page = await listOwnApprovedFiles(deps, c.get('user').id, c.req.valid('query'));
      return c.json(page, 200);
    })
    .openapi(getRoute, async (c) => {
      const file = await getOwnFile(deps, c.get('user').id, c.req.valid('param').id, c.req.valid('query').wait);
      return c.json(file, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteGeneratedImage(deps, c.get('user').id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}

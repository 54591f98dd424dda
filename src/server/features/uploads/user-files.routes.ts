import { createRoute, z } from '@hono/zod-openapi';
import {
  userFileSchema,
  userFilesPageSchema,
  userFilesQuerySchema,
  VERIFICATION_WAIT_MAX_SECONDS,
  verificationWaitQuerySchema,
} from '@shared/studio';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { serviceError } from '../../lib/service-error';
import { deleteGeneratedImage, getOwnFileWithOrigin, listOwnApprovedFiles } from './uploads.service';

const fileIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export function userFilesRoutes(deps: AppDeps) {
  const listRoute = createRoute({
    method: 'get',
    path: '/',
    summary: "The user's approved images, newest first, with the exact total",
    middleware: [
      requireUser(deps, { loginRequired: 'User must be logged in to get verified images' }),
      serviceError('Failed to fetch verified images'),
    ],
    request: { query: userFilesQuerySchema },
    responses: { 200: jsonContent(userFilesPageSchema, 'A page of images') },
  });
  const getRoute = createRoute({
    method: 'get',
    path: '/{id}',
    summary: "One of the user's files; poll until verified_enum is no longer 'pending'",
    description: `With \`wait\` (seconds, at most ${VERIFICATION_WAIT_MAX_SECONDS}) a pending file is answered as soon as its verdict is written.`,
    middleware: [
      requireUser(deps, { loginRequired: 'User must be logged in to get verified images' }),
      serviceError('Failed to check file verification status'),
    ],
    request: { params: fileIdParams, query: verificationWaitQuerySchema },
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
      const file = await getOwnFileWithOrigin(deps, c.get('user').id, c.req.valid('param').id, c.req.valid('query').wait);
      return c.json(file, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteGeneratedImage(deps, c.get('user').id, c.req.valid('param').id);
      return c.body(null, 204);
    });
}

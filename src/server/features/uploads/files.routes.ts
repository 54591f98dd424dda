import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { UPLOAD_CACHE_CONTROL_SECONDS } from '@shared/constants';
import type { AppDeps, AppEnv } from '../../context';
import { createRouter } from '../../lib/openapi';
import { signedInUserOf } from '../../lib/require-user';
import { openFileFor } from './uploads.service';

const fileIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const imageResponse = {
  200: { description: 'The image bytes', content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } } },
};

/**
 * File bytes. An upload is served only to its owner (anyone else gets 404, signed in or not); a
 * generated image to anyone holding its unguessable id, so it can be shared or cached publicly.
 */
export function filesRoutes(deps: AppDeps) {
  const originalRoute = createRoute({
    method: 'get',
    path: '/{id}',
    summary: 'A stored image',
    request: { params: fileIdParams },
    responses: imageResponse,
  });
  const thumbnailRoute = createRoute({
    method: 'get',
    path: '/{id}/thumbnail',
    summary: 'A WebP thumbnail of a stored image (the image itself when it has none)',
    request: { params: fileIdParams },
    responses: imageResponse,
  });

  const serve = async (c: Context<AppEnv>, id: string, variant: 'original' | 'thumbnail') => {
    const viewer = await signedInUserOf(deps, c).catch(() => null);
    const file = await openFileFor(deps, viewer?.id, id, variant);
    c.header('Content-Type', file.mimeType);
    c.header('Content-Length', String(file.size));
    c.header('Cache-Control', `${file.isPublic ? 'public' : 'private'}, max-age=${UPLOAD_CACHE_CONTROL_SECONDS}`);
    c.header('Content-Disposition', contentDisposition(file.filename));
    // A response that differs by viewer must not be shared by caches between viewers.
    if (!file.isPublic) c.header('Vary', 'Cookie, Authorization');
    return c.body(file.body, 200);
  };

  return createRouter()
    .openapi(originalRoute, (c) => serve(c, c.req.valid('param').id, 'original'))
    .openapi(thumbnailRoute, (c) => serve(c, c.req.valid('param').id, 'thumbnail'));
}

/** `inline` with the original name: an ASCII fallback and the exact name in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

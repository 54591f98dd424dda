import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { acceptTerms, currentUserProfile } from './me.service';

export const profileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    displayName: z.string(),
    initials: z.string(),
    emailVerified: z.boolean(),
    termsAcceptedAt: z.string().nullable(),
  })
  .openapi('Profile');

const getMe = createRoute({
  method: 'get',
  path: '/',
  summary: 'The signed-in user (also before terms are accepted)',
  responses: { 200: { description: 'Profile', content: { 'application/json': { schema: profileSchema } } } },
});

const postAcceptTerms = createRoute({
  method: 'post',
  path: '/accept-terms',
  summary: 'Record that the user accepted the terms of service and privacy policy',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ accepted: z.literal(true) }) } } } },
  responses: { 200: { description: 'Profile with terms_accepted_at', content: { 'application/json': { schema: profileSchema } } } },
});

export function meRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('*', requireUser(deps, { termsAccepted: false }));
  return router
    .openapi(getMe, (c) => c.json(currentUserProfile(c.get('user')), 200))
    .openapi(postAcceptTerms, async (c) => c.json(await acceptTerms(deps.db, c.get('user')), 200));
}

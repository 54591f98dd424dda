import { createRoute, z } from '@hono/zod-openapi';
import { profileSchema } from '@shared/profile';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { acceptTerms, currentUserProfile } from './me.service';

const profile = profileSchema.meta({ id: 'Profile' });

const getMe = createRoute({
  method: 'get',
  path: '/',
  summary: 'The signed-in user (also before terms are accepted)',
  responses: { 200: jsonContent(profile, 'Profile') },
});

const postAcceptTerms = createRoute({
  method: 'post',
  path: '/accept-terms',
  summary: 'Record that the user accepted the terms of service and privacy policy',
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ accepted: z.literal(true) }) } } } },
  responses: { 200: jsonContent(profile, 'Profile with terms_accepted_at') },
});

export function meRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('*', requireUser(deps, { termsAccepted: false }));
  return router
    .openapi(getMe, (c) => c.json(currentUserProfile(c.get('user'), deps.config.adminEmails), 200))
    .openapi(postAcceptTerms, async (c) => c.json(await acceptTerms(deps.db, c.get('user'), deps.config.adminEmails), 200));
}

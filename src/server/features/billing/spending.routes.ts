import { createRoute } from '@hono/zod-openapi';
import { spendingControlsSchema, spendingControlsUpdateSchema } from '@shared/spending';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { spendingControlsOf, updateSpendingControls } from './spending.service';

/** GET/PUT /api/spending: the signed-in user's spending limits and low-balance e-mail. */
export function spendingRoutes(deps: AppDeps) {
  const { db } = deps;
  const signedIn = requireUser(deps);
  const controls = spendingControlsSchema.meta({ id: 'SpendingControls' });

  const getControls = createRoute({
    method: 'get',
    path: '/',
    summary: 'My spending limits and what counts against them today and this month',
    middleware: signedIn,
    responses: { 200: jsonContent(controls, 'Spending controls') },
  });
  const putControls = createRoute({
    method: 'put',
    path: '/',
    summary: 'Change my spending limits, time zone or low-balance e-mail (null turns one off)',
    middleware: signedIn,
    request: { body: { required: true, content: { 'application/json': { schema: spendingControlsUpdateSchema } } } },
    responses: { 200: jsonContent(controls, 'Spending controls as saved') },
  });

  return createRouter()
    .openapi(getControls, async (c) => c.json(await spendingControlsOf(db, c.get('user').id), 200))
    .openapi(putControls, async (c) => {
      const userId = c.get('user').id;
      await updateSpendingControls(db, userId, c.req.valid('json'));
      return c.json(await spendingControlsOf(db, userId), 200);
    });
}

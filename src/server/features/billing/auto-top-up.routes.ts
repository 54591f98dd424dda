import { createRoute, z } from '@hono/zod-openapi';
import { autoTopUpSettingsSchema, autoTopUpUpdateSchema, redirectSchema } from '@shared/auto-top-up';
import { hostedCheckoutSchema } from '@shared/billing';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import {
  autoTopUpSettingsOf,
  finishOnSession,
  removeCard,
  saveCardFromSetup,
  startCardSetup,
  updateAutoTopUp,
} from './auto-top-up.service';

/** /api/auto-top-up: the signed-in user's saved card and auto top-up settings. */
export function autoTopUpRoutes(deps: AppDeps) {
  const { db } = deps;
  const signedIn = requireUser(deps);
  const settings = autoTopUpSettingsSchema.meta({ id: 'AutoTopUpSettings' });
  const buyerOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

  const getSettings = createRoute({
    method: 'get',
    path: '/',
    summary: 'My auto top-up: card, settings, what it bought this month, a payment waiting for me',
    middleware: signedIn,
    responses: { 200: jsonContent(settings, 'Auto top-up') },
  });
  const putSettings = createRoute({
    method: 'put',
    path: '/',
    summary: 'Turn auto top-up on (threshold, amount, monthly maximum; needs a saved card) or off',
    middleware: signedIn,
    request: { body: { required: true, content: { 'application/json': { schema: autoTopUpUpdateSchema } } } },
    responses: { 200: jsonContent(settings, 'Auto top-up as saved') },
  });
  const postCardSetup = createRoute({
    method: 'post',
    path: '/card-setup',
    summary: 'Start saving a card (Stripe Checkout in setup mode)',
    middleware: signedIn,
    responses: { 200: jsonContent(redirectSchema, 'Where to send the browser') },
  });
  const putCard = createRoute({
    method: 'put',
    path: '/card',
    summary: 'Keep the card a finished setup saved (the previous card is removed)',
    middleware: signedIn,
    request: { body: { required: true, content: { 'application/json': { schema: z.object({ setup_id: z.string().min(1).max(300) }) } } } },
    responses: { 200: jsonContent(settings, 'Auto top-up with the card') },
  });
  const deleteCard = createRoute({
    method: 'delete',
    path: '/card',
    summary: 'Remove my saved card; auto top-up turns off',
    middleware: signedIn,
    responses: { 200: jsonContent(settings, 'Auto top-up without a card') },
  });
  const postFinish = createRoute({
    method: 'post',
    path: '/attempts/{id}/finish',
    summary: 'Finish, with me present, an auto top-up my bank asked me to confirm: a checkout for the same amount',
    middleware: signedIn,
    request: { params: z.object({ id: z.uuid() }) },
    responses: { 200: jsonContent(hostedCheckoutSchema, 'Where to send the browser') },
  });

  return createRouter()
    .openapi(getSettings, async (c) => c.json(await autoTopUpSettingsOf(deps, c.get('user').id), 200))
    .openapi(putSettings, async (c) => {
      await updateAutoTopUp(db, c.get('user').id, c.req.valid('json'));
      return c.json(await autoTopUpSettingsOf(deps, c.get('user').id), 200);
    })
    .openapi(postCardSetup, async (c) => c.json(await startCardSetup(deps, buyerOf(c.get('user'))), 200))
    .openapi(putCard, async (c) => {
      await saveCardFromSetup(deps, buyerOf(c.get('user')), c.req.valid('json').setup_id);
      return c.json(await autoTopUpSettingsOf(deps, c.get('user').id), 200);
    })
    .openapi(deleteCard, async (c) => {
      await removeCard(deps, c.get('user').id);
      return c.json(await autoTopUpSettingsOf(deps, c.get('user').id), 200);
    })
    .openapi(postFinish, async (c) => c.json(await finishOnSession(deps, buyerOf(c.get('user')), c.req.valid('param').id), 200));
}

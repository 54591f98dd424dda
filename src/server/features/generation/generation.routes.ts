import { createRoute, z } from '@hono/zod-openapi';
import { MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from '@shared/constants';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { quoteDraft, requestReply } from './generation.service';

const acceptedSchema = z
  .object({
    job_id: z.string(),
    message_id: z.string(),
    reply_message_id: z.string(),
    plan: z.unknown(),
    image_count: z.number(),
    price_cents: z.number(),
    free_images_used: z.number(),
  })
  .openapi('ReplyAccepted');

const quoteSchema = z
  .object({
    imageCount: z.number(),
    freeImages: z.number(),
    paidImages: z.number(),
    priceCents: z.number(),
    pricePerImageCents: z.number(),
    freeGenerationsLeft: z.number(),
    availableCents: z.number(),
    free: z.boolean(),
  })
  .openapi('DraftQuote');

const postChat = createRoute({
  method: 'post',
  path: '/',
  summary: "Ask for the AI's reply to the session's latest message (charged; 402 when short of credit)",
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ session_id: z.uuid() }) } } } },
  responses: {
    202: { description: 'Planned, paid and queued', content: { 'application/json': { schema: acceptedSchema } } },
    402: { description: 'INSUFFICIENT_BALANCE: nothing was written' },
  },
});

const getQuote = createRoute({
  method: 'get',
  path: '/quote',
  summary: 'What a draft would cost if sent now (nothing is reserved)',
  request: {
    query: z.object({
      text: z.string().max(MESSAGE_MAX_LENGTH).default(''),
      attachments: z.coerce.number().int().min(0).max(MAX_ATTACHMENTS).default(0),
      has_previous_output: z.enum(['true', 'false']).default('false'),
    }),
  },
  responses: { 200: { description: 'The price of the draft', content: { 'application/json': { schema: quoteSchema } } } },
});

export function generationRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('*', requireUser(deps, { loginRequired: 'User must be logged in to send messages' }));
  return router
    .openapi(postChat, async (c) => {
      const { session_id } = c.req.valid('json');
      const accepted = await requestReply({ ...deps, ...deps.generation }, c.get('user').id, session_id);
      return c.json(accepted, 202);
    })
    .openapi(getQuote, async (c) => {
      const query = c.req.valid('query');
      const quote = await quoteDraft({ ...deps, ...deps.generation }, c.get('user').id, {
        text: query.text,
        attachmentCount: query.attachments,
        hasPreviousOutput: query.has_previous_output === 'true',
      });
      return c.json(quote, 200);
    });
}

import { createRoute, z } from '@hono/zod-openapi';
import { MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from '@shared/constants';
import { replyAcceptedSchema } from '@shared/studio';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { userRateLimit } from '../auth/rate-limit.middleware';
import { requireUserFor } from '../sessions/route-guards';
import { quoteDraft, requestReply } from './generation.service';

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
    202: { description: 'Planned, paid and queued', content: { 'application/json': { schema: replyAcceptedSchema } } },
    402: { description: 'INSUFFICIENT_BALANCE: nothing was written' },
    429: { description: 'RATE_LIMIT_EXCEEDED: more requests this minute than RATE_LIMIT_GENERATIONS_PER_MINUTE; nothing was written' },
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
  router.use('*', requireUserFor(deps, 'User must be logged in to send messages'));
  // Fair use: generation requests per user (POST /, not the quotes).
  router.use('/', userRateLimit(deps.db, 'generations', deps.config.fairUse.generationsPerMinute));
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

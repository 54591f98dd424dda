import { createRoute } from '@hono/zod-openapi';
import {
  chooseVersionSchema,
  draftQuoteQuerySchema,
  draftQuoteSchema,
  replyAcceptedSchema,
  requestReplySchema,
  requestVariationSchema,
} from '@shared/studio';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { rateLimitStore } from '../../db/rate-limits';
import { userRateLimit } from '../../lib/user-rate-limit';
import { chooseReplyVersion, quoteDraft, requestReply, requestVariation } from './generation.service';

const acceptedSchema = replyAcceptedSchema.meta({ id: 'ReplyAccepted' });

const postChat = createRoute({
  method: 'post',
  path: '/',
  summary: "Ask for the AI's reply to the session's latest message (charged; 402 when short of credit)",
  request: { body: { required: true, content: { 'application/json': { schema: requestReplySchema } } } },
  responses: {
    202: jsonContent(acceptedSchema, 'Planned, paid and queued'),
    400: {
      description:
        'BAD_REQUEST: no message to answer, or its photo was deleted by retention since it was sent, or the engine chosen cannot do it (details.refusal: the reason and the engines that can); VALIDATION_ERROR: the message asks for more images than one reply may make (details: reason TOO_MANY_IMAGES, requested_images, max_images). Nothing was written',
    },
    402: { description: 'INSUFFICIENT_BALANCE: nothing was written' },
    429: { description: 'RATE_LIMIT_EXCEEDED: more requests this minute than RATE_LIMIT_GENERATIONS_PER_MINUTE; nothing was written' },
  },
});

const getQuote = createRoute({
  method: 'get',
  path: '/quote',
  summary: 'What a draft would cost if sent now (nothing is reserved), or why sending it would be refused (refusal)',
  request: { query: draftQuoteQuerySchema },
  responses: { 200: jsonContent(draftQuoteSchema.meta({ id: 'DraftQuote' }), 'The price of the draft') },
});

const postVariation = createRoute({
  method: 'post',
  path: '/variations',
  summary: 'Ask again for a reply: its next version, beside the first (charged like the first; 402 when short of credit)',
  request: { body: { required: true, content: { 'application/json': { schema: requestVariationSchema } } } },
  responses: {
    202: jsonContent(acceptedSchema, 'Paid and queued'),
    400: { description: 'BAD_REQUEST: a version of this reply is still being made' },
    402: { description: 'INSUFFICIENT_BALANCE: nothing was written' },
    404: { description: "NOT_FOUND: no such reply of the user's" },
    429: { description: 'RATE_LIMIT_EXCEEDED: nothing was written' },
  },
});

const postChosenVersion = createRoute({
  method: 'post',
  path: '/chosen-version',
  summary: 'Choose the version of a reply that follow-ups edit',
  request: { body: { required: true, content: { 'application/json': { schema: chooseVersionSchema } } } },
  responses: { 204: { description: 'Chosen' }, 404: { description: 'NOT_FOUND: no such finished version of a reply of the user' } },
});

export function generationRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('*', requireUser(deps, { loginRequired: 'User must be logged in to send messages' }));
  // Fair use: generation requests per user (POST /, not the quotes).
  router.use('/', userRateLimit(rateLimitStore(deps.db), 'generations', deps.config.fairUse.generationsPerMinute));
  router.use('/variations', userRateLimit(rateLimitStore(deps.db), 'generations', deps.config.fairUse.generationsPerMinute));
  return router
    .openapi(postChat, async (c) => {
      const { session_id } = c.req.valid('json');
      const accepted = await requestReply({ ...deps, ...deps.generation }, c.get('user').id, session_id);
      return c.json(accepted, 202);
    })
    .openapi(postVariation, async (c) => {
      const { reply_message_id } = c.req.valid('json');
      const accepted = await requestVariation({ ...deps, ...deps.generation }, c.get('user').id, reply_message_id);
      return c.json(accepted, 202);
    })
    .openapi(postChosenVersion, async (c) => {
      const { reply_message_id, version } = c.req.valid('json');
      await chooseReplyVersion(deps, c.get('user').id, { replyMessageId: reply_message_id, version });
      return c.body(null, 204);
    })
    .openapi(getQuote, async (c) => {
      const query = c.req.valid('query');
      const quote = await quoteDraft({ ...deps, ...deps.generation }, c.get('user').id, {
        text: query.text,
        attachmentCount: query.attachments,
        hasPreviousOutput: query.has_previous_output === 'true',
        engine: query.engine,
        aspectRatio: query.aspect_ratio,
        imageCount: query.image_count,
      });
      return c.json(quote, 200);
    });
}

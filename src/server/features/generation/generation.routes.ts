import { createRoute } from '@hono/zod-openapi';
import { draftQuoteQuerySchema, draftQuoteSchema, replyAcceptedSchema, requestReplySchema } from '@shared/studio';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { rateLimitStore } from '../../db/rate-limits';
import { userRateLimit } from '../../lib/user-rate-limit';
import { quoteDraft, requestReply } from './generation.service';

const acceptedSchema = replyAcceptedSchema.meta({ id: 'ReplyAccepted' });

const postChat = createRoute({
  method: 'post',
  path: '/',
  summary: "Ask for the AI's reply to the session's latest message (charged; 402 when short of credit)",
  request: { body: { required: true, content: { 'application/json': { schema: requestReplySchema } } } },
  responses: {
    202: jsonContent(acceptedSchema, 'Planned, paid and queued'),
    402: { description: 'INSUFFICIENT_BALANCE: nothing was written' },
    429: { description: 'RATE_LIMIT_EXCEEDED: more requests this minute than RATE_LIMIT_GENERATIONS_PER_MINUTE; nothing was written' },
  },
});

const getQuote = createRoute({
  method: 'get',
  path: '/quote',
  summary: 'What a draft would cost if sent now (nothing is reserved)',
  request: { query: draftQuoteQuerySchema },
  responses: { 200: jsonContent(draftQuoteSchema.meta({ id: 'DraftQuote' }), 'The price of the draft') },
});

export function generationRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('*', requireUser(deps, { loginRequired: 'User must be logged in to send messages' }));
  // Fair use: generation requests per user (POST /, not the quotes).
  router.use('/', userRateLimit(rateLimitStore(deps.db), 'generations', deps.config.fairUse.generationsPerMinute));
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

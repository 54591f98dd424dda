import { createRoute, z } from '@hono/zod-openapi';
import { messageSchema, sendMessageResultSchema, sendMessageSchema } from '@shared/studio';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { serviceError } from '../../lib/service-error';
import { rateLimitStore } from '../../db/rate-limits';
import { userRateLimit } from '../../lib/user-rate-limit';
import { getMessage, sendMessage, type ReplyStarter } from './messages.service';

/** The body is JSON within the API's body limit; Hono keeps it parsed for the route's validator. */
async function requestsReply(c: Context<AppEnv>): Promise<boolean> {
  const body: unknown = await c.req.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && (body as { request_reply?: unknown }).request_reply === true;
}

/** `replies`: the generation feature's, handed in by the composition root (sessions does not import generation). */
export function messagesRoutes(deps: AppDeps, replies: ReplyStarter) {
  const { db } = deps;

  const getRoute = createRoute({
    method: 'get',
    path: '/{id}',
    summary: 'One message (what a realtime event points at)',
    middleware: [requireUser(deps, { loginRequired: 'User must be logged in to get messages' }), serviceError('Failed to fetch messages')],
    request: { params: z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) }) },
    responses: { 200: jsonContent(messageSchema, 'The message') },
  });
  const sendRoute = createRoute({
    method: 'post',
    path: '/',
    summary:
      "Send a user message; with session_id 'new' the session is created, and with request_reply the paid reply started, in the same transaction",
    description:
      'Answered 400 BAD_REQUEST, with nothing written, for a photo not ready or not allowed, or for an engine that is not offered or cannot do the request (details.refusal: the reason and the engines that can); 429 RATE_LIMIT_EXCEEDED, with nothing stored, for more messages this minute than RATE_LIMIT_MESSAGES_PER_MINUTE, or (asking for a reply) more generation requests than RATE_LIMIT_GENERATIONS_PER_MINUTE.',
    middleware: [
      requireUser(deps, { loginRequired: 'User must be logged in to send messages' }),
      // Every message is stored, whether or not it asks for a reply: each counts.
      userRateLimit(rateLimitStore(deps.db), 'messages', deps.config.fairUse.messagesPerMinute),
      // A message sent with its reply request starts a paid generation: it counts as one.
      userRateLimit(rateLimitStore(deps.db), 'generations', deps.config.fairUse.generationsPerMinute, { appliesTo: requestsReply }),
      serviceError('Failed to send message'),
    ],
    request: { body: { required: true, content: { 'application/json': { schema: sendMessageSchema } } } },
    responses: { 201: jsonContent(sendMessageResultSchema, 'The session id and the message') },
  });

  return createRouter()
    .openapi(getRoute, async (c) => {
      const message = await getMessage(db, c.get('user').id, c.req.valid('param').id);
      return c.json(message, 200);
    })
    .openapi(sendRoute, async (c) => {
      const body = c.req.valid('json');
      const result = await sendMessage({ db, ...replies }, c.get('user').id, {
        sessionId: body.session_id,
        contentText: body.content_text,
        fileIds: body.file_ids,
        requestReply: body.request_reply,
        clientMessageId: body.client_message_id,
        maskId: body.mask_id,
        choice: { engine: body.engine, aspectRatio: body.aspect_ratio, imageCount: body.image_count },
      });
      return c.json(result, 201);
    });
}

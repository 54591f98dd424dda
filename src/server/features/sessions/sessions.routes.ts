import { createRoute, z } from '@hono/zod-openapi';
import {
  createSessionSchema,
  messagesListSchema,
  messagesPageQuerySchema,
  renameSessionSchema,
  sessionDetailSchema,
  sessionsListSchema,
  sessionsPageQuerySchema,
  sessionSummarySchema,
} from '@shared/studio';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { serviceError } from '../../lib/service-error';
import { OpenStreams } from './open-streams';
import { streamSessionEvents } from './session-events';
import {
  assertOwnActiveSession,
  createSession,
  deleteSession,
  getSession,
  getSessionMessages,
  listSessions,
  renameOwnSession,
} from './sessions.service';
import { watchSignIn } from './sign-in-watch';

export interface SessionsRoutesOptions {
  /** Aborted when the server begins to shut down: open event streams end so it can stop. */
  shutdownSignal?: AbortSignal | undefined;
}

const sessionIdParams = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export function sessionsRoutes(deps: AppDeps, options: SessionsRoutesOptions = {}) {
  const { db } = deps;
  const openStreams = new OpenStreams(deps.config.eventStreamsPerUser);
  /** Every operation's login-required and service-error texts. */
  const operation = (loginRequired: string, failure: string) => [requireUser(deps, { loginRequired }), serviceError(failure)];

  const listRoute = createRoute({
    method: 'get',
    path: '/',
    summary: "A page of the user's active sessions, newest activity first, with up to 4 thumbnails each",
    description:
      'The next page: `cursor` = the `next_cursor` of this one (null on the last page). With `q`: only the sessions whose title or message text contains it, paged the same way.',
    middleware: operation('User must be logged in to get chat sessions', 'Failed to fetch chat sessions'),
    request: { query: sessionsPageQuerySchema },
    responses: { 200: jsonContent(sessionsListSchema, 'Sessions') },
  });
  const createSessionRoute = createRoute({
    method: 'post',
    path: '/',
    summary: 'Create an empty session',
    middleware: operation('User must be logged in to create chat session', 'Failed to create chat session'),
    request: { body: { required: false, content: { 'application/json': { schema: createSessionSchema } } } },
    responses: { 201: jsonContent(sessionSummarySchema, 'The new session') },
  });
  const getRoute = createRoute({
    method: 'get',
    path: '/{id}',
    summary: 'One session with the status of its latest generation',
    middleware: operation('User must be logged in to get chat sessions', 'Failed to fetch chat sessions'),
    request: { params: sessionIdParams },
    responses: { 200: jsonContent(sessionDetailSchema, 'The session') },
  });
  const renameRoute = createRoute({
    method: 'patch',
    path: '/{id}',
    summary: 'Rename a session',
    middleware: operation('User must be logged in to rename chat sessions', 'Failed to rename chat session'),
    request: { params: sessionIdParams, body: { required: true, content: { 'application/json': { schema: renameSessionSchema } } } },
    responses: { 200: jsonContent(sessionSummarySchema, 'The renamed session') },
  });
  const deleteRoute = createRoute({
    method: 'delete',
    path: '/{id}',
    summary: 'Soft-delete a session (is_active false) and delete its files that no other session uses',
    middleware: operation('User must be logged in to delete chat sessions', 'Failed to delete chat session'),
    request: { params: sessionIdParams },
    responses: { 204: { description: 'Deleted' } },
  });
  const messagesRoute = createRoute({
    method: 'get',
    path: '/{id}/messages',
    summary: "A session's messages, ascending; files = attachments + generated outputs",
    description:
      'With `after`: the first `limit` messages after that time (reconnect catch-up). With `before` (a message id): the `limit` messages just older than that message (scrolling back; fewer than `limit` means the start of the conversation). With `around` (a message id, alone): that message with up to floor((limit-1)/2) messages just before it and the rest of `limit` just after it (fewer before: the start of the conversation; fewer after: its newest message) — for a link to an old message. Without any: the latest `limit` messages. An anchor (`before`, `around`) that is not a message of this session: 404.',
    middleware: operation('User must be logged in to get messages', 'Failed to fetch messages'),
    request: { params: sessionIdParams, query: messagesPageQuerySchema },
    responses: { 200: jsonContent(messagesListSchema, 'Messages') },
  });
  const eventsRoute = createRoute({
    method: 'get',
    path: '/{id}/events',
    summary: "Server-Sent Events for a session's messages",
    description:
      '`event: ready` when subscribed (and again after the server lost and regained its database listener: catch up then: messages after your last timestamp, and every reply you hold that is still processing — see src/shared/catch-up.ts); ' +
      '`event: message` with data {id, type: message.created|message.updated}; `event: session` with data {id, type: job.updated} when its generation job changed (the status badge); `event: progress` with data {id, type: job.progress, progress} as a running job reports its stage and steps (at most 4 a second per reply); a comment heartbeat every 25 s. ' +
      '`event: closed` with data {reason} just before the server ends the stream: `too-many-streams` (the user has more open than EVENT_STREAMS_PER_USER and this was the oldest: reopen it when the page is in use again) or `session-ended` (signed out, revoked or expired: sign in again).',
    middleware: operation('User must be logged in to get messages', 'Failed to fetch messages'),
    request: { params: sessionIdParams },
    responses: { 200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } } },
  });

  return createRouter()
    .openapi(listRoute, async (c) => {
      const page = await listSessions(db, c.get('user').id, c.req.valid('query'));
      return c.json(page, 200);
    })
    .openapi(createSessionRoute, async (c) => {
      const body = c.req.valid('json');
      const session = await createSession(db, c.get('user').id, body?.session_name);
      return c.json(session, 201);
    })
    .openapi(getRoute, async (c) => {
      const session = await getSession(db, c.get('user').id, c.req.valid('param').id);
      return c.json(session, 200);
    })
    .openapi(renameRoute, async (c) => {
      const session = await renameOwnSession(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json').session_name);
      return c.json(session, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await deleteSession(deps, c.get('user').id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(messagesRoute, async (c) => {
      const { after, before, around, limit } = c.req.valid('query');
      const messages = await getSessionMessages(db, c.get('user').id, c.req.valid('param').id, { after, before, around, limit });
      return c.json({ messages }, 200);
    })
    .openapi(eventsRoute, async (c) => {
      const sessionId = c.req.valid('param').id;
      const userId = c.get('user').id;
      await assertOwnActiveSession(db, userId, sessionId);
      const authSessionId = c.get('authSession').id;
      return streamSessionEvents(c, deps.realtime, sessionId, {
        shutdownSignal: options.shutdownSignal,
        closeOn: (close) => {
          const countOut = openStreams.add(userId, close);
          const stopWatching = watchSignIn(deps.realtime, deps.sessionLookup.expiryOf, authSessionId, () => close('session-ended'));
          return () => {
            countOut();
            stopWatching();
          };
        },
      });
    });
}

import { coded } from '@shared/coded-text';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import { sessionProgressSchema, stopAnswerSchema, stopReplySchema, workingSessionsSchema } from '@shared/reply-progress';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../lib/require-user';
import { assertOwnActiveSession } from '../sessions/sessions.service';
import { previewOf, sessionProgressOf, workingSessionsOf } from './reply-progress.repository';
import { stopReply } from './stop-reply.service';

const PREVIEW_NOT_FOUND = 'Preview not found';

const postStop = createRoute({
  method: 'post',
  path: '/stop',
  summary:
    'Stop the reply being made: its job ends and its charge is refunded once (outcome `finished`: it was done already, and its images and charge stand)',
  request: { body: { required: true, content: { 'application/json': { schema: stopReplySchema } } } },
  responses: {
    200: jsonContent(stopAnswerSchema.meta({ id: 'StopAnswer' }), "What the Stop did (404 NOT_FOUND: no such reply of the user's)"),
  },
});

const getProgress = createRoute({
  method: 'get',
  path: '/progress/{session_id}',
  summary:
    "Where each unfinished reply of the session is now (what a page shows as it connects); later changes come on the session's event stream",
  request: { params: z.object({ session_id: z.uuid() }) },
  responses: {
    200: jsonContent(
      sessionProgressSchema.meta({ id: 'SessionProgress' }),
      "The replies being made (404 NOT_FOUND: no such session of the user's)",
    ),
  },
});

const getPreview = createRoute({
  method: 'get',
  path: '/preview/{job_id}',
  summary: 'The newest preview (a small JPEG) of a picture being made; only while its job runs, only to its owner',
  request: { params: z.object({ job_id: z.uuid() }) },
  responses: {
    200: {
      description: 'The preview (404 NOT_FOUND: no preview of a running job of the user)',
      content: { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } },
    },
  },
});

const getWorking = createRoute({
  method: 'get',
  path: '/working',
  summary: "The user's sessions with a reply being made",
  responses: { 200: jsonContent(workingSessionsSchema.meta({ id: 'WorkingSessions' }), 'Sessions still working') },
});

/** Live progress, previews and Stop for the replies being made (mounted under /api/replies). */
export function replyProgressRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('*', requireUser(deps));
  return router
    .openapi(postStop, async (c) => {
      const answer = await stopReply(deps, c.get('user').id, c.req.valid('json').reply_message_id);
      return c.json(answer, 200);
    })
    .openapi(getProgress, async (c) => {
      const userId = c.get('user').id;
      const { session_id: sessionId } = c.req.valid('param');
      await assertOwnActiveSession(deps.db, userId, sessionId);
      return c.json({ replies: await sessionProgressOf(deps.db, userId, sessionId) }, 200);
    })
    .openapi(getWorking, async (c) => {
      const rows = await workingSessionsOf(deps.db, c.get('user').id);
      return c.json(
        {
          sessions: rows.map((row) => ({ session_id: row.sessionId, session_name: row.sessionName, reply_message_id: row.replyMessageId })),
        },
        200,
      );
    })
    .openapi(getPreview, async (c) => {
      const jpeg = await previewOf(deps.db, c.get('user').id, c.req.valid('param').job_id);
      if (!jpeg) throw new AppError('NOT_FOUND', PREVIEW_NOT_FOUND, { text: coded('error.previewNotFound') });
      // Private and short-lived: a shared cache must never keep one user's preview.
      return c.body(new Uint8Array(jpeg), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, no-store' });
    });
}

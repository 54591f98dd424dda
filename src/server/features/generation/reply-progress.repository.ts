import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProgressReport, ReplyProgress } from '@shared/reply-progress';
import type { DbOrTx } from '../../db/client';
import { agentJobs, chatSessions, jobPreviews } from '../../db/schema';
import { EVENTS_CHANNEL } from '../../realtime/events';
import { sessionTopicSql } from '../../realtime/topics';

export type { ProgressReport };

/**
 * Records how far a processing job got (and its newest preview, if one came) and publishes the
 * session's `job.progress` event with it, as ONE statement: a progress report costs one round
 * trip. Answers false, writing nothing, when the job is no longer processing (stopped, or settled
 * by another try): the try that reported it should stop.
 */
export async function recordProgress(db: DbOrTx, jobId: string, report: ProgressReport, preview: Buffer | null): Promise<boolean> {
  const result = await db.execute(sql`
    with updated as (
      update agent_jobs set progress = ${JSON.stringify(report)}::jsonb
      where id = ${jobId}::uuid and status = 'processing'
      returning id, session_id, result_message_id, created_at
    ), previewed as (
      insert into job_previews (job_id, jpeg) select id, ${preview}::bytea from updated where ${preview}::bytea is not null
      on conflict (job_id) do update set jpeg = excluded.jpeg, version = job_previews.version + 1, updated_at = now()
      returning version
    )
    select pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'topic', ${sessionTopicSql(sql`u.session_id`)},
      'type', 'job.progress',
      'id', u.id::text,
      'progress', json_build_object(
        'job_id', u.id::text, 'reply_message_id', u.result_message_id::text, 'stage', ${report.stage}::text,
        'step', ${report.step}::int, 'total', ${report.total}::int, 'queue_position', null, 'created_at', u.created_at,
        'preview_version', coalesce((select version from previewed), (select version from job_previews p where p.job_id = u.id), 0)
      ))::text)
    from updated u`);
  return result.rows.length === 1;
}

/** A settled job's preview is of no more use: the images (or the refund) replace it. */
export async function deletePreview(db: DbOrTx, jobId: string): Promise<void> {
  await db.delete(jobPreviews).where(eq(jobPreviews.jobId, jobId));
}

/**
 * Where each unfinished reply of the user's session is now (a page that connects, or reconnects,
 * starts from this). A queued job's place counts every queued job asked for before it, anyone's:
 * they share the workers.
 */
export async function sessionProgressOf(db: DbOrTx, userId: string, sessionId: string): Promise<ReplyProgress[]> {
  const rows = await db
    .select({
      jobId: agentJobs.id,
      replyMessageId: agentJobs.resultMessageId,
      status: agentJobs.status,
      progress: agentJobs.progress,
      createdAt: agentJobs.createdAt,
      queuePosition: sql<number>`(select count(*)::int from ${agentJobs} q where q.status = 'queued' and q.created_at <= ${agentJobs.createdAt})`,
      previewVersion: sql<number | null>`(select p.version from ${jobPreviews} p where p.job_id = ${agentJobs.id})`,
    })
    .from(agentJobs)
    .where(and(eq(agentJobs.userId, userId), eq(agentJobs.sessionId, sessionId), inArray(agentJobs.status, ['queued', 'processing'])))
    .orderBy(agentJobs.createdAt);
  return rows
    .filter((row) => row.replyMessageId !== null)
    .map((row) => {
      const report = row.status === 'processing' ? row.progress : null;
      return {
        job_id: row.jobId,
        reply_message_id: row.replyMessageId!,
        // Started but not reported yet: its first stage.
        stage: row.status === 'queued' ? 'queued' : (report?.stage ?? 'planning'),
        step: report?.step ?? null,
        total: report?.total ?? null,
        queue_position: row.status === 'queued' ? Math.max(1, row.queuePosition) : null,
        created_at: row.createdAt.toISOString(),
        preview_version: row.previewVersion ?? 0,
      };
    });
}

/** The newest preview of the user's job while it runs; undefined for anyone else's, or once it settled. */
export async function previewOf(db: DbOrTx, userId: string, jobId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ jpeg: jobPreviews.jpeg })
    .from(jobPreviews)
    .innerJoin(agentJobs, eq(agentJobs.id, jobPreviews.jobId))
    .where(and(eq(jobPreviews.jobId, jobId), eq(agentJobs.userId, userId), eq(agentJobs.status, 'processing')));
  return row?.jpeg;
}

/** The user's active sessions with a reply being made (queued or running), oldest job first. */
export async function workingSessionsOf(
  db: DbOrTx,
  userId: string,
): Promise<Array<{ sessionId: string; sessionName: string | null; replyMessageId: string }>> {
  const rows = await db
    .select({ sessionId: agentJobs.sessionId, sessionName: chatSessions.sessionName, replyMessageId: agentJobs.resultMessageId })
    .from(agentJobs)
    .innerJoin(chatSessions, eq(chatSessions.id, agentJobs.sessionId))
    .where(
      and(
        eq(agentJobs.userId, userId),
        eq(chatSessions.userId, userId),
        eq(chatSessions.isActive, true),
        inArray(agentJobs.status, ['queued', 'processing']),
      ),
    )
    .orderBy(agentJobs.createdAt);
  return rows.filter((row): row is typeof row & { replyMessageId: string } => row.replyMessageId !== null);
}

import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The SQL of retention (decision 015): which files are due, which are still needed, and which
 * belong only to deleted sessions. Every statement takes its rows `for update skip locked`, so a
 * file that a request is attaching right now (POST /api/messages locks it `for share`) is left for
 * the next run, and two workers never take the same file.
 */

/** How many files one statement takes; the job loops until none are left. */
export const RETENTION_BATCH_SIZE = 200;

/** How long the files of a deleted session are re-checked: longer than any job can run (all its tries). */
const DELETED_SESSION_WATCH = sql`interval '1 day'`;

/**
 * A file that a queued or running job still needs: an upload whose check has not finished, a
 * photo attached to a message whose reply is queued or running, or an image such a reply's plan
 * starts from (the session's previous output, or the files its plan recorded).
 */
function stillNeeded(file: SQL): SQL {
  return sql`(
    ${file}.verified_enum = 'pending'
    or exists (
      select 1 from agent_jobs j join messages m on m.id = j.message_id
      where j.user_id = ${file}.user_id and j.status in ('queued', 'processing')
        and (
          exists (select 1 from attachments a where a.message_id = m.id and a.file_id = ${file}.id)
          or coalesce(m.context_references -> 'fileIds', '[]'::jsonb) ? (${file}.id::text)
          or m.context_references ->> 'previousOutputId' = ${file}.id::text
        )
    )
  )`;
}

/** The storage key of a file whose bytes are to go (its thumbnail lives beside it). */
export type RemovedFile = string;

type RemovedRow = { stored_filename: string };
const toRemoved = (rows: RemovedRow[]): RemovedFile[] => rows.map((row) => row.stored_filename);

/**
 * Marks up to a batch of files past their retention as expired and answers their storage keys.
 * The rows stay (messages show an "expired" placeholder with the prompt); the caller deletes the
 * bytes in the same transaction.
 */
export async function expireDueFiles(tx: DbOrTx, retention: { uploadSeconds: number; generatedSeconds: number }): Promise<RemovedFile[]> {
  const result = await tx.execute<RemovedRow>(sql`
    with due as (
      select f.id from user_files f
      where f.expired_at is null
        and (
          (not f.is_generated and f.upload_timestamp < now() - make_interval(secs => ${retention.uploadSeconds}))
          or (f.is_generated and f.upload_timestamp < now() - make_interval(secs => ${retention.generatedSeconds}))
        )
        and not ${stillNeeded(sql`f`)}
      order by f.upload_timestamp
      limit ${RETENTION_BATCH_SIZE}
      for update of f skip locked
    )
    update user_files set expired_at = now()
    from due where user_files.id = due.id
    returning user_files.stored_filename`);
  return toRemoved(result.rows);
}

/**
 * Deletes up to a batch of files that belong to deleted sessions and to no active one (a photo
 * attached in two sessions stays while one of them does), except those a job still needs; their
 * attachments and output links go with them. `scope` narrows it to one session (the delete request);
 * without it, sessions deleted within the last day are looked at (the retention job), which also
 * catches the outputs of a reply that finished after its session was deleted.
 */
export async function deleteFilesOfDeletedSessions(
  tx: DbOrTx,
  scope: { userId: string; sessionId: string } | undefined,
): Promise<RemovedFile[]> {
  const sessions = scope
    ? sql`select s.id from chat_sessions s where s.id = ${scope.sessionId}::uuid and s.user_id = ${scope.userId} and not s.is_active`
    : sql`select s.id from chat_sessions s where s.deleted_at > now() - ${DELETED_SESSION_WATCH} and not s.is_active`;
  const result = await tx.execute<RemovedRow>(sql`
    with deleted_sessions as (${sessions}),
    linked as (
      select a.file_id from deleted_sessions d join messages m on m.session_id = d.id join attachments a on a.message_id = m.id
      union
      select g.file_id from deleted_sessions d join agent_jobs j on j.session_id = d.id join generated_outputs g on g.job_id = j.id
    ),
    unused as (
      select f.id from user_files f
      where f.id in (select file_id from linked)
        and not exists (
          select 1 from attachments a join messages m on m.id = a.message_id join chat_sessions s on s.id = m.session_id
          where a.file_id = f.id and s.is_active
        )
        and not exists (
          select 1 from generated_outputs g join agent_jobs j on j.id = g.job_id join chat_sessions s on s.id = j.session_id
          where g.file_id = f.id and s.is_active
        )
        and not ${stillNeeded(sql`f`)}
      limit ${RETENTION_BATCH_SIZE}
      for update of f skip locked
    )
    delete from user_files using unused where user_files.id = unused.id
    returning user_files.stored_filename`);
  return toRemoved(result.rows);
}

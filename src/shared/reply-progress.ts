import { z } from 'zod';

/**
 * How far a reply being made has got, as the chat shows it: the stage (waiting in the line with
 * its place, planning, generating, saving) and, where the engine counts its work, the steps done.
 * Sent on the session's event stream as the job reports it (at most PROGRESS_EVENTS_PER_SECOND
 * per reply), and answered whole by GET /api/replies/progress/{session_id} so a page that (re)connects
 * shows where each reply is now, not only what happens next.
 */
export const REPLY_STAGES = ['queued', 'planning', 'generating', 'saving'] as const;
export type ReplyStage = (typeof REPLY_STAGES)[number];

/** What a running try reports (kept on its job): its stage, and the engine's steps where it counts them. */
export interface ProgressReport {
  stage: Exclude<ReplyStage, 'queued'>;
  step: number | null;
  total: number | null;
}

/** A 50-step sampler reports 50 times; the chat needs no more than this many updates a second per reply. */
export const PROGRESS_EVENTS_PER_SECOND = 4;
export const PROGRESS_MIN_INTERVAL_MS = 1000 / PROGRESS_EVENTS_PER_SECOND;

export const replyProgressSchema = z.object({
  job_id: z.string(),
  reply_message_id: z.string(),
  stage: z.enum(REPLY_STAGES),
  /** Steps done and their count, where the engine reports them (else null: the bar is indeterminate). */
  step: z.number().int().nonnegative().nullable(),
  total: z.number().int().positive().nullable(),
  /** While queued: 1 = next to start. */
  queue_position: z.number().int().positive().nullable(),
  /** When the job was asked for: the elapsed time of an indeterminate bar counts from here. */
  created_at: z.string(),
  /** A preview of the picture being made exists: GET /api/replies/preview/{job_id} (changes with `preview_version`). */
  preview_version: z.number().int().nonnegative(),
});
export type ReplyProgress = z.infer<typeof replyProgressSchema>;

export const sessionProgressSchema = z.object({ replies: z.array(replyProgressSchema) });
export type SessionProgress = z.infer<typeof sessionProgressSchema>;

/**
 * GET /api/replies/working: the user's sessions with a reply being made (the sessions list marks
 * them; a page elsewhere tells the user when one finishes).
 */
export const workingSessionsSchema = z.object({
  sessions: z.array(z.object({ session_id: z.string(), session_name: z.string().nullable(), reply_message_id: z.string() })),
});
export type WorkingSessions = z.infer<typeof workingSessionsSchema>;

/** POST /api/replies/stop: the reply whose making is to stop. */
export const stopReplySchema = z.object({ reply_message_id: z.uuid() });

/**
 * What a Stop did: `stopped` — the job ended and its charge was refunded; `finished` — the reply
 * was already done (its images and charge stand) or ended otherwise, so there was nothing to stop.
 */
export const STOP_OUTCOMES = ['stopped', 'finished'] as const;
export const stopAnswerSchema = z.object({ outcome: z.enum(STOP_OUTCOMES) });
export type StopAnswer = z.infer<typeof stopAnswerSchema>;

/** The processing_status of a reply stopped by its user. */
export const STOPPED_STATUS = 'stopped';

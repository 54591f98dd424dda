/**
 * Every background job: its name, its payload, and how the queue treats it. Each job has exactly
 * one definition (checked at compile time by `JobHandlers` and again at start).
 */
import type { Mail } from '../mail/mailer';

// Features add their jobs here: `'job-name': { ...payload }`.
export interface JobPayloads {
  /** Moderates an uploaded photo and writes its suggested actions (uploads → verification). */
  'verify-upload': { fileId: string; userId: string };
  /** Runs the image engine for a paid agent job (generation): the agent job's id, not the queue's. */
  generate: { agentJobId: string };
  /** Deletes files past their retention and files left only in deleted sessions (retention). */
  retention: Record<string, never>;
  /** Writes a dump of the database to the storage and keeps the newest BACKUP_RETENTION (backups). */
  backup: Record<string, never>;
  /**
   * Sends one mail (mail): the account mails go out after the request that asked for them has
   * answered, so no answer waits on — or reveals by its time — the SMTP relay.
   */
  'send-mail': Mail;
  /** Deletes a deleted account's customer at Stripe, with its saved payment methods (billing). */
  'delete-stripe-customer': { customerId: string };
  /** Deletes retained ledger rows of deleted accounts whose retention period has ended (billing). */
  'purge-retained-ledger': Record<string, never>;
  /** One off-session payment with the saved card, for a charge that took the balance below the threshold (billing). */
  'auto-top-up': { autoTopUpId: string };
}

export type JobName = keyof JobPayloads;

/**
 * A payload whose names changed: `write` gives what enqueue stores — the payload with the old
 * names as well, so a worker of the previous release still running during an upgrade runs the job;
 * `read` gives what handlers take from a payload either release stored — so a job queued before the
 * upgrade, or by an API process not yet upgraded, runs too. Kept for one release after the rename,
 * then removed with the old names.
 */
export interface PayloadRename<N extends JobName> {
  write(payload: JobPayloads[N]): object;
  read(stored: Record<string, unknown>): JobPayloads[N];
}

export const PAYLOAD_RENAMES: { [N in JobName]?: PayloadRename<N> } = {
  // Named `jobId` (easily taken for the queue's own job id) until the release of 2026-11-26.
  generate: {
    write: ({ agentJobId }) => ({ agentJobId, jobId: agentJobId }),
    read: (stored) => ({ agentJobId: (stored.agentJobId ?? stored.jobId) as string }),
  },
};

export interface JobPolicy {
  /** Tries after the first; pg-boss backs off exponentially between them. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** One try may run this long: then its AbortSignal fires and the try counts as failed. */
  timeLimitSeconds: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
}

export const JOB_POLICIES: Record<JobName, JobPolicy> = {
  // The client stops polling after about 30 s, so retries must come quickly.
  'verify-upload': { retryLimit: 2, retryDelaySeconds: 2, timeLimitSeconds: 60, concurrency: 4 },
  // Hosted models are rate-limited and sometimes slow: two more tries, 5 s and 10 s apart.
  // A try running longer than GENERATION_TIMEOUT_SECONDS is aborted (its engine call too) and
  // tried again; the job itself makes sure only one set of outputs and one charge result.
  // Hosted engines mostly wait on the network (5-60 s a picture), so many run side by side: with
  // fewer slots than sessions waiting, a request would wait a whole generation for a free slot.
  // The local engine's work happens on libuv's thread pool, which bounds the CPU it takes.
  generate: { retryLimit: 2, retryDelaySeconds: 5, timeLimitSeconds: 300, concurrency: 32 },
  // Runs every minute: a failed run is simply the next minute's work, never retried on its own.
  retention: { retryLimit: 0, retryDelaySeconds: 5, timeLimitSeconds: 50, concurrency: 1 },
  // A dump of a large database takes minutes; one more try a little later if it failed.
  backup: { retryLimit: 1, retryDelaySeconds: 300, timeLimitSeconds: 3600, concurrency: 1 },
  // A relay that is down or stalls (it is given 10 s to greet, 30 s of silence) is tried again
  // with back-off for about ten minutes: 10, 20, 40, 80, 160 and 320 s apart.
  'send-mail': { retryLimit: 6, retryDelaySeconds: 10, timeLimitSeconds: 60, concurrency: 4 },
  // Stripe unreachable: tried again with back-off for about ten minutes, like a mail.
  'delete-stripe-customer': { retryLimit: 6, retryDelaySeconds: 10, timeLimitSeconds: 60, concurrency: 2 },
  // Daily; a failed run is the next day's work.
  'purge-retained-ledger': { retryLimit: 0, retryDelaySeconds: 60, timeLimitSeconds: 300, concurrency: 1 },
  // Stripe unreachable: the same idempotency key on every try, so a retry never pays twice.
  'auto-top-up': { retryLimit: 6, retryDelaySeconds: 10, timeLimitSeconds: 60, concurrency: 4 },
};

/** Every job kind, known before any job of it ran (its metrics are listed from the start). */
export const JOB_NAMES = Object.keys(JOB_POLICIES) as JobName[];

/**
 * Jobs the queue itself sends on a schedule (cron, in UTC; pg-boss sends each one once per minute
 * whichever process notices first). The retention job runs every minute; the backup job's schedule
 * is the operator's (BACKUP_SCHEDULE, given to the queue at start).
 */
export const JOB_SCHEDULES: Partial<Record<JobName, string>> = {
  retention: '* * * * *',
  'purge-retained-ledger': '17 3 * * *',
};

export interface JobContext {
  /** The queue's id of the job: the same across its tries. */
  jobId: string;
  /** 0 on the first try. */
  retryCount: number;
  /**
   * Fires when the try must stop: its time limit passed, or its lease was lost to a sweeper
   * (the worker looked dead). Pass it to every slow call; `signal.reason` says which.
   */
  signal: AbortSignal;
}

/**
 * A job kind's two halves. `run` does the work and throws to be tried again; whatever it throws
 * on the last try — or if the worker dies or times out during the last try — the queue calls
 * `giveUp` once the job will not be tried again. That is the one final-failure path of every job
 * kind: it must leave the job's records settled (a refund, a rejected upload, ...) and must be
 * idempotent, because a sweeper may call it again for a job whose worker died while settling.
 */
export interface JobDefinition<N extends JobName> {
  run(payload: JobPayloads[N], context: JobContext): Promise<void>;
  giveUp(payload: JobPayloads[N], reason: unknown, context: GiveUpContext): Promise<void>;
}

export interface GiveUpContext {
  /** The queue's id of the job. */
  jobId: string;
  /** The try that failed last, counted from 1. */
  attempt: number;
}

export type JobHandlers = { [N in JobName]: JobDefinition<N> };

/** The reason a try was aborted at its time limit. */
export class JobTimeLimitError extends Error {
  constructor(readonly seconds: number) {
    super(`the try ran longer than its ${seconds} s limit`);
    this.name = 'JobTimeLimitError';
  }
}

/**
 * A job whose worker stopped renewing its lease (the process died or stalled): given to `giveUp`
 * by the sweeper, and the abort reason of a try whose worker finds its lease taken.
 */
export class JobLeaseLostError extends Error {
  constructor() {
    super('the worker running the job stopped');
    this.name = 'JobLeaseLostError';
  }
}

/**
 * Every background job: its name, its payload, and how the queue treats it. Each job has exactly
 * one handler (checked at compile time by `JobHandlers` and again at start).
 */
// Features add their jobs here: `'job-name': { ...payload }`.
export interface JobPayloads {
  /** Moderates an uploaded photo and writes its suggested actions (uploads → verification). */
  'verify-upload': { fileId: string; userId: string };
  /** Runs the image engine for a paid agent job (generation). */
  generate: { jobId: string };
}

export type JobName = keyof JobPayloads;

export interface JobPolicy {
  /** Tries after the first; pg-boss backs off exponentially between them. */
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
}

export const JOB_POLICIES: Record<JobName, JobPolicy> = {
  // The client stops polling after about 30 s, so retries must come quickly.
  'verify-upload': { retryLimit: 2, retryDelaySeconds: 2, expireInSeconds: 60, concurrency: 4 },
  // Hosted models are rate-limited and sometimes slow: two more tries, 5 s and 10 s apart.
  // A job running longer than GENERATION_TIMEOUT_SECONDS counts as lost (its worker died) and is
  // tried again; the job itself makes sure only one set of outputs and one charge result.
  // Hosted engines mostly wait on the network (5-60 s a picture), so many run side by side: with
  // fewer slots than sessions waiting, a request would wait a whole generation for a free slot.
  // The local engine's work happens on libuv's thread pool, which bounds the CPU it takes.
  generate: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 300, concurrency: 32 },
};

export interface JobContext {
  jobId: string;
  /** 0 on the first try. */
  retryCount: number;
  /** True when this is the last try the queue will make. */
  isLastAttempt: boolean;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * Every background job: its name, its payload, and how the queue treats it. Each job has exactly
 * one handler (checked at compile time by `JobHandlers` and again at start).
 */
// Features add their jobs here: `'job-name': { ...payload }`.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads;

export interface JobPolicy {
  /** Tries after the first; pg-boss backs off exponentially between them. */
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

export const JOB_POLICIES: Record<JobName, JobPolicy> = {};

export interface JobContext {
  jobId: string;
  /** 0 on the first try. */
  retryCount: number;
  /** True when this is the last try the queue will make. */
  isLastAttempt: boolean;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

import { coded } from '@shared/coded-text';
import { AppError } from '@shared/errors';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { refundGeneration, type GenerationRefund } from '../billing/billing.service';
import { findJob, requeueFailedJob } from './generation.repository';
import { WORKING_ON_IT, WORKING_ON_IT_CODES } from './generation.service';

/**
 * What an operator may do with a failed generation (the console's Jobs page), each in the
 * caller's transaction so that its audit entry commits with it.
 */

export interface FailedGenerationRef {
  jobId: string;
  userId: string;
}

const refusal = (reason: string, message: string) => new AppError('BAD_REQUEST', message, { details: { reason } });

async function lockFailedJob(tx: DbOrTx, jobId: string) {
  const job = await findJob(tx, jobId, { forUpdate: true });
  if (!job) throw new AppError('NOT_FOUND', 'No such generation', { text: coded('error.generationNotFound') });
  if (job.status !== 'failed') throw refusal('JOB_NOT_FAILED', `This generation is ${job.status}, not failed`);
  return job;
}

/**
 * Runs a failed generation again at no new charge: the job is queued again as it was — its charge,
 * and the refund it may have had, stay as they are (the refund's reference is the job id, so a
 * second failure refunds nothing more, and a success is free).
 */
export async function retryFailedGeneration(tx: DbOrTx, deps: Pick<AppDeps, 'jobs'>, jobId: string): Promise<FailedGenerationRef> {
  const job = await lockFailedJob(tx, jobId);
  await requeueFailedJob(tx, { jobId, replyText: WORKING_ON_IT, replyCodes: WORKING_ON_IT_CODES });
  await deps.jobs.enqueue(tx, 'generate', { agentJobId: jobId });
  return { jobId, userId: job.userId };
}

/** Refunds a failed generation that was not refunded (its charge given back once, by the job id). */
export async function refundFailedGeneration(tx: DbOrTx, jobId: string): Promise<FailedGenerationRef & { refund: GenerationRefund }> {
  const job = await lockFailedJob(tx, jobId);
  const refund = await refundGeneration(tx, { userId: job.userId, jobId });
  if (!refund.refunded) throw refusal('NOTHING_TO_REFUND', 'This generation was refunded already, or never charged');
  return { jobId, userId: job.userId, refund };
}

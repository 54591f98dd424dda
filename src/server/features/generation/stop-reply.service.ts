import { coded } from '@shared/coded-text';
import { refundText } from './generation.jobs';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import { STOPPED_STATUS, type StopAnswer } from '@shared/reply-progress';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { agentJobs, messages } from '../../db/schema';
import { publishEvent } from '../../realtime/events';
import { jobTopic, sessionTopic } from '../../realtime/topics';
import { refundGeneration, type GenerationRefund } from '../billing/billing.service';
import { finishJob, updateSystemMessage } from './generation.repository';
import { REPLY_NOT_FOUND } from './generation.service';
import { deletePreview } from './reply-progress.repository';

/**
 * Stop (POST /api/replies/stop): ends the reply's running job — queued or processing, on whichever
 * process — with one refund, and tells the process running it to abort its engine call. Settled
 * here, under the job's row lock, rather than by the worker: a Stop then works while the worker is
 * busy, dead or unreachable, and it races the worker's completion (a conditional update of the
 * same row) with exactly one winner — the images and the charge, or the refund, never both.
 */
export async function stopReply(deps: Pick<AppDeps, 'db' | 'logger'>, userId: string, replyMessageId: string): Promise<StopAnswer> {
  return deps.db.transaction(async (tx) => {
    const job = await newestJobOfReply(tx, userId, replyMessageId);
    if (!job) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND, { text: coded('error.replyNotFound') });
    if (job.status !== 'queued' && job.status !== 'processing') return { outcome: 'finished' };
    const refund = await refundGeneration(tx, { userId, jobId: job.id });
    await finishJob(tx, job.id, { status: 'stopped', error: 'stopped by its user' });
    await deletePreview(tx, job.id);
    const stopped = [coded('reply.stopped'), ...(refund.refunded ? [refundText(refund)] : [])];
    await updateSystemMessage(tx, replyMessageId, {
      contentText: stoppedMessage(refund),
      contentCodes: stopped,
      processingStatus: STOPPED_STATUS,
    });
    // All three go out when this commits: the chat, the badge, and the worker running the job.
    await publishEvent(tx, { topic: sessionTopic(job.sessionId), type: 'message.updated', id: replyMessageId });
    await publishEvent(tx, { topic: sessionTopic(job.sessionId), type: 'job.updated', id: job.id });
    await publishEvent(tx, { topic: jobTopic(job.id), type: 'job.stop', id: job.id });
    deps.logger.info({ jobId: job.id, refunded: refund.refunded }, 'generation stopped by its user');
    return { outcome: 'stopped' };
  });
}

/** The user's reply's newest job (its latest version), locked until the Stop commits. */
async function newestJobOfReply(tx: DbOrTx, userId: string, replyMessageId: string) {
  const [row] = await tx
    .select({ id: agentJobs.id, status: agentJobs.status, sessionId: agentJobs.sessionId })
    .from(agentJobs)
    .innerJoin(messages, eq(messages.id, agentJobs.resultMessageId))
    .where(and(eq(agentJobs.resultMessageId, replyMessageId), eq(agentJobs.userId, userId), eq(messages.userId, userId)))
    .orderBy(desc(agentJobs.version))
    .limit(1)
    .for('update', { of: agentJobs });
  return row;
}

export function stoppedMessage(refund: GenerationRefund): string {
  if (!refund.refunded) return 'Stopped.';
  const parts = [
    refund.cents > 0 ? `${formatCents(refund.cents)} was refunded to your balance` : '',
    refund.freeImages > 0 ? `${refund.freeImages} free image${refund.freeImages === 1 ? '' : 's'} returned` : '',
  ].filter(Boolean);
  return `Stopped. The charge was refunded (${parts.join(', ')}).`;
}

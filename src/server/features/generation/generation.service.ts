import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import type { GenerationPlan } from '@shared/generation';
import type { DraftQuote, ReplyAccepted } from '@shared/studio';
import type { AppDeps } from '../../context';
import { debitForGeneration, quoteGeneration } from '../billing/billing.service';
import { sessionTopic } from '../../realtime/topics';
import { assertOwnActiveSession } from '../sessions/sessions.service';
import {
  findJobForMessage,
  recordPlanAndQueueReply,
  replyContextOf,
  type AgentJobRow,
} from './generation.repository';
import type { PlanRequest, ReplyPlanner } from './planning';

export const NOTHING_TO_ANSWER = 'Send a message before asking for a reply';
export const WORKING_ON_IT = 'Working on your image…';

function acceptedOf(job: AgentJobRow): ReplyAccepted {
  return {
    job_id: job.id,
    message_id: job.messageId,
    reply_message_id: job.resultMessageId!,
    plan: job.plan as GenerationPlan,
    image_count: job.imageCount,
    price_cents: job.priceCents,
    free_images_used: job.freeImagesUsed,
  };
}

/**
 * POST /chat: answers the session's latest user message. Plans the reply, then in ONE transaction
 * pays for it (free images first), records the plan on the message, writes the job and the
 * "working on it" reply, and enqueues the work. Short of credit → 402 and nothing is written.
 * Asking twice for the same message returns the job already made.
 */
export async function requestReply(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'> & { planner: ReplyPlanner; engineName: string }, userId: string, sessionId: string): Promise<ReplyAccepted> {
  const { db } = deps;
  const context = await replyContextOf(db, userId, sessionId);
  if (!context) {
    await assertOwnActiveSession(db, userId, sessionId);
    throw new AppError('BAD_REQUEST', NOTHING_TO_ANSWER);
  }
  const { message, attachmentIds, previousOutputId } = context;
  if (context.existingJobId) {
    const existing = await findJobForMessage(db, userId, message.id);
    if (existing) return acceptedOf(existing);
  }
  const request: PlanRequest = { text: message.contentText, attachmentCount: attachmentIds.length, hasPreviousOutput: previousOutputId !== null };
  const plan = await deps.planner.plan(request);
  const fileIds = plan.sourceImages === 'attachments' ? attachmentIds : plan.sourceImages === 'previous-output' && previousOutputId ? [previousOutputId] : [];

  const jobId = randomUUID();
  const replyId = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      const debit = await debitForGeneration(tx, { userId, jobId, imageCount: plan.imageCount, pricePerImageCents: deps.config.pricePerImageCents });
      const job = { id: jobId, engine: deps.engineName, priceCents: debit.priceCents, freeImagesUsed: debit.freeImages };
      await recordPlanAndQueueReply(tx, {
        userId,
        sessionId,
        messageId: message.id,
        plan,
        contextReferences: { sourceImages: plan.sourceImages, fileIds },
        reply: { id: replyId, contentText: WORKING_ON_IT },
        job,
        events: [
          { topic: sessionTopic(sessionId), type: 'message.updated', id: message.id },
          { topic: sessionTopic(sessionId), type: 'message.created', id: replyId },
          { topic: sessionTopic(sessionId), type: 'job.updated', id: jobId },
        ],
      });
      await deps.jobs.enqueue(tx, 'generate', { jobId });
      return { job_id: jobId, message_id: message.id, reply_message_id: replyId, plan, image_count: plan.imageCount, price_cents: job.priceCents, free_images_used: job.freeImagesUsed };
    });
  } catch (error) {
    // A concurrent POST /chat for the same message won the unique index: answer with its job.
    const raced = await findJobForMessage(db, userId, message.id);
    if (raced) return acceptedOf(raced);
    throw error;
  }
}

/**
 * What a draft would cost if sent now, shown before sending; reserves nothing. It always uses the
 * local rule-based planner: asking a hosted model on every keystroke would cost more than it tells.
 */
export async function quoteDraft(deps: Pick<AppDeps, 'db' | 'config'> & { quotePlanner: ReplyPlanner }, userId: string, draft: PlanRequest): Promise<DraftQuote> {
  const plan = await deps.quotePlanner.plan(draft);
  const quote = await quoteGeneration(deps.db, userId, plan.imageCount, deps.config.pricePerImageCents);
  return { ...quote, pricePerImageCents: deps.config.pricePerImageCents, free: quote.paidImages === 0 };
}

import { englishOf } from '../../lib/english-text';
import { coded, type CodedText } from '@shared/coded-text';
import { randomUUID } from 'node:crypto';
import { engineRefusalOf, type EngineKind, type EngineRefusal, type EngineRequest } from '@shared/engines';
import { AppError } from '@shared/errors';
import type { DraftQuote, ReplyAccepted } from '@shared/studio';
import { imageLimitRefusal, isAspectRatio, type GenerationPlan } from '@shared/generation';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../context';
import { debitForGeneration, quoteGeneration } from '../billing/billing.service';
import { spendingLimitForQuote } from '../billing/spending.service';
import { sessionTopic } from '../../realtime/topics';
import { recordAnswerInWords } from '../sessions/conversation-records.service';
import { assertOwnActiveSession } from '../sessions/sessions.service';
import type { EngineEntry, GenerationParts } from './engines/create-engine';
import {
  findJobForMessage,
  markAwaitingCredit,
  chooseVersion,
  recordPlanAndQueueReply,
  lockReply,
  recordVariation,
  replyContextOf,
  variationSourceOf,
  type AgentJobRow,
  type ReplyContext,
} from './generation.repository';
import { planRequestOf, sourceFileIdsOf, type PlanRequest } from './planning';

export const NOTHING_TO_ANSWER = 'Send a message before asking for a reply';
/** A reply's words while its images are made. */
export const WORKING_ON_IT_CODES: CodedText[] = [coded('reply.working')];
export const WORKING_ON_IT = englishOf(WORKING_ON_IT_CODES);
export const REPLY_NOT_FOUND = 'Reply not found';
export const VARIATION_IN_PROGRESS = 'A new version of this reply is still being made.';
export const PHOTO_EXPIRED_BEFORE_REPLY =
  'The photo in this message has been deleted, as photos are after their retention time. Send it again to get a reply.';

/** A plan for more images than one reply may make: refused (400) before anything is charged or written. */
function assertWithinImageLimit(plan: GenerationPlan): void {
  const refusal = imageLimitRefusal(plan.imageCount);
  if (!refusal) return;
  const message = `This request asks for ${refusal.requested_images} images, but one message can make at most ${refusal.max_images}. Ask for fewer versions or send fewer photos.`;
  throw new AppError('VALIDATION_ERROR', message, {
    text: coded('error.tooManyImages', { requested: refusal.requested_images, max: refusal.max_images }),
    details: { fields: [{ field: 'content_text', message }], ...refusal },
  });
}

export type ReplyDeps = Pick<AppDeps, 'db' | 'jobs' | 'config'> &
  Pick<GenerationParts, 'quotePlanner' | 'engineOf' | 'defaultEngine' | 'offers'>;

/** Names for engines without a <KIND>_LABEL, in the server's messages (the web client words its own). */
const ENGINE_NAMES: Record<EngineKind, string> = {
  local: 'The built-in engine',
  openai: 'OpenAI',
  gemini: 'Gemini',
  comfyui: 'ComfyUI',
  a1111: 'AUTOMATIC1111',
};
const REFUSAL_TEXTS: Record<EngineRefusal['reason'], string> = {
  'not-offered': 'is not offered here',
  'no-text-to-image': 'cannot make new pictures from words',
  'no-edit': 'cannot edit photos',
  'too-many-inputs': 'cannot combine that many photos into one picture',
  'too-many-images': 'cannot make that many pictures at once',
  'shape-unsupported': 'cannot make pictures of that shape',
  'cannot-draw': 'cannot draw that',
  'no-picture': 'has no picture in this chat to edit yet',
};

/** A request the chosen engine cannot do: refused before any charge, with the engines that can (details.refusal). */
export function engineRefusalError(deps: Pick<ReplyDeps, 'offers'>, refusal: EngineRefusal): AppError {
  const name = (kind: EngineKind) => deps.offers.find((offer) => offer.kind === kind)?.label ?? ENGINE_NAMES[kind];
  const others =
    refusal.reason === 'no-picture'
      ? ''
      : refusal.capableEngines.length > 0
        ? ` Engines that can: ${refusal.capableEngines.map(name).join(', ')}.`
        : ' No engine offered here can.';
  const what = refusal.reason === 'cannot-draw' && refusal.subject ? `cannot draw “${refusal.subject}”` : REFUSAL_TEXTS[refusal.reason];
  return new AppError('BAD_REQUEST', `${name(refusal.engine)} ${what}.${others}`, { details: { refusal } });
}

/**
 * The engine a request is for: the one picked in the composer (refused when it is not offered),
 * else the session's last choice while it is still offered, else the default.
 */
export function engineFor(
  deps: Pick<ReplyDeps, 'engineOf' | 'defaultEngine' | 'offers'>,
  picked: string | null | undefined,
  sessionEngine: string | null,
): EngineEntry {
  if (picked) {
    const entry = deps.engineOf(picked);
    if (!entry)
      throw engineRefusalError(deps, {
        reason: 'not-offered',
        engine: picked as EngineKind,
        capableEngines: deps.offers.map((offer) => offer.kind),
      });
    return entry;
  }
  return deps.engineOf(sessionEngine) ?? deps.defaultEngine;
}

/** A plan as the refusal rule reads it; `attachments`: how many photos the message carries. */
function engineRequestOf(plan: GenerationPlan, attachments: number): EngineRequest {
  const sourceCount = plan.sourceImages === 'attachments' ? attachments : plan.sourceImages === 'previous-output' ? 1 : 0;
  return {
    intent: plan.intent,
    sourceCount,
    combine: plan.combine ?? false,
    imageCount: plan.imageCount,
    aspectRatio: plan.aspectRatio,
    undrawable: plan.undrawable,
  };
}

/** A stored message's picker choices, as the planner takes them. */
function choiceOfMessage(message: ReplyContext['message']): Pick<PlanRequest, 'aspectRatio' | 'imageCount'> {
  return {
    aspectRatio: message.requestedAspectRatio && isAspectRatio(message.requestedAspectRatio) ? message.requestedAspectRatio : undefined,
    imageCount: message.requestedImageCount ?? undefined,
  };
}

function acceptedOf(job: AgentJobRow): ReplyAccepted {
  return {
    job_id: job.id,
    message_id: job.messageId,
    reply_message_id: job.resultMessageId!,
    plan: job.plan,
    image_count: job.imageCount,
    price_cents: job.priceCents,
    free_images_used: job.freeImagesUsed,
  };
}

/**
 * What the chosen engine can do, in words: the built-in engine's list of what it draws and how it
 * edits; any other engine draws from any description and edits photos.
 */
function whatItCanDoCodes(deps: Pick<ReplyDeps, 'offers'>, entry: EngineEntry): CodedText[] {
  if (entry.kind === 'local') return [coded('local.canDraw'), coded('local.canEdit')];
  const name = deps.offers.find((offer) => offer.kind === entry.kind)?.label ?? ENGINE_NAMES[entry.kind];
  return [coded('reply.drawsAnything', { engine: name })];
}

/** A question about the engine ("what can you draw?"): answered with words, no job and no charge. */
async function answerInWords(
  tx: DbOrTx,
  deps: ReplyDeps,
  {
    userId,
    sessionId,
    context,
    plan,
    entry,
  }: { userId: string; sessionId: string; context: ReplyContext; plan: GenerationPlan; entry: EngineEntry },
): Promise<ReplyAccepted> {
  const codes = whatItCanDoCodes(deps, entry);
  const replyId = randomUUID();
  const answered = await recordAnswerInWords(tx, {
    userId,
    sessionId,
    messageId: context.message.id,
    plan,
    reply: { id: replyId, contentText: englishOf(codes), contentCodes: codes },
    events: [
      { topic: sessionTopic(sessionId), type: 'message.updated', id: context.message.id },
      { topic: sessionTopic(sessionId), type: 'message.created', id: replyId },
    ],
  });
  if (!answered) throw new Error(`message ${context.message.id} to answer was not found`);
  return {
    job_id: null,
    message_id: context.message.id,
    reply_message_id: answered,
    plan,
    image_count: 0,
    price_cents: 0,
    free_images_used: 0,
  };
}

const isShortOfCredit = (error: unknown) => error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE';

/**
 * POST /chat: answers the session's latest user message (a message sent without request_reply, or
 * one whose reply was refused for lack of credit: the Retry action). Asking twice for the same
 * message returns the job already made. Short of credit → 402, and the message is marked as
 * awaiting credit so that it keeps its Retry action.
 */
export async function requestReply(deps: ReplyDeps, userId: string, sessionId: string): Promise<ReplyAccepted> {
  const { db } = deps;
  const context = await replyContextOf(db, userId, sessionId);
  if (!context) {
    await assertOwnActiveSession(db, userId, sessionId);
    throw new AppError('BAD_REQUEST', NOTHING_TO_ANSWER, { text: coded('error.nothingToAnswer') });
  }
  if (context.existingJobId) {
    const existing = await findJobForMessage(db, userId, context.message.id);
    if (existing) return acceptedOf(existing);
  }
  try {
    return await db.transaction((tx) => startReply(tx, deps, { userId, sessionId, context }));
  } catch (error) {
    // A concurrent request for the same message won (the unique index, or the last free image):
    // answer with its job.
    const raced = await findJobForMessage(db, userId, context.message.id);
    if (raced) return acceptedOf(raced);
    if (isShortOfCredit(error)) await markAwaitingCredit(db, { userId, messageId: context.message.id });
    throw error;
  }
}

/**
 * Starts the reply to a message just stored in the caller's transaction (a message sent with
 * request_reply): the message and its paid reply commit together, so no dropped connection can
 * separate them. Short of credit, the message is stored as awaiting credit and the refusal is
 * answered instead of thrown (the message must stay).
 */
export async function startReplyToNewMessage(
  tx: DbOrTx,
  deps: ReplyDeps,
  input: { userId: string; sessionId: string; messageId: string },
): Promise<{ reply: ReplyAccepted | null; reply_error: { code: string; message: string } | null }> {
  const context = await replyContextOf(tx, input.userId, input.sessionId, { messageId: input.messageId });
  if (!context) throw new Error(`message ${input.messageId} to answer was not found`);
  try {
    return { reply: await startReply(tx, deps, { ...input, context }), reply_error: null };
  } catch (error) {
    if (!isShortOfCredit(error)) throw error;
    // The debit wrote nothing, so the transaction is still usable.
    await markAwaitingCredit(tx, input);
    return { reply: null, reply_error: { code: (error as AppError).code, message: (error as AppError).message } };
  }
}

/**
 * Plans, pays for and queues a reply, in the caller's transaction. The plan that is charged is the
 * one the quote showed: the local rules read the request the same way for both (decision 006), so
 * the image count — and so the price — cannot grow between the quote and the charge. A hosted
 * engine's model re-plans the request's wording and shape in the job, within the count paid for.
 */
async function startReply(
  tx: DbOrTx,
  deps: ReplyDeps,
  { userId, sessionId, context }: { userId: string; sessionId: string; context: ReplyContext },
): Promise<ReplyAccepted> {
  const { message, attachmentIds, previousOutputId } = context;
  // A message answered later (after a top-up) whose photo retention has deleted meanwhile: planned
  // without it, the reply would be a paid picture of something else.
  if (context.expiredAttachmentCount > 0)
    throw new AppError('BAD_REQUEST', PHOTO_EXPIRED_BEFORE_REPLY, { text: coded('error.photoExpired') });
  const entry = engineFor(deps, message.requestedEngine, context.sessionEngine);
  const plan = await deps.quotePlanner.plan({
    ...planRequestOf({ text: message.contentText, attachmentIds, previousOutputId }),
    ...choiceOfMessage(message),
  });
  if (plan.answer) return answerInWords(tx, deps, { userId, sessionId, context, plan, entry });
  assertWithinImageLimit(plan);
  // Refused before any charge: nothing is debited for what the chosen engine cannot do.
  const refusal = engineRefusalOf(deps.offers, entry.kind, engineRequestOf(plan, attachmentIds.length));
  if (refusal) throw engineRefusalError(deps, refusal);
  const fileIds = sourceFileIdsOf(plan, context);
  const jobId = randomUUID();
  const replyId = randomUUID();
  const debit = await debitForGeneration(
    tx,
    { userId, jobId, imageCount: plan.imageCount, pricePerImageCents: entry.pricePerImageCents },
    deps,
  );
  const job = {
    id: jobId,
    engine: entry.kind,
    engineModel: entry.modelFor(plan.intent),
    priceCents: debit.priceCents,
    freeImagesUsed: debit.freeImages,
    planned: entry.replyPlanner === undefined,
  };
  await recordPlanAndQueueReply(tx, {
    userId,
    sessionId,
    messageId: message.id,
    plan,
    contextReferences: { sourceImages: plan.sourceImages, fileIds, attachmentIds, previousOutputId },
    reply: { id: replyId, contentText: WORKING_ON_IT, contentCodes: WORKING_ON_IT_CODES },
    job,
    events: [
      { topic: sessionTopic(sessionId), type: 'message.updated', id: message.id },
      { topic: sessionTopic(sessionId), type: 'message.created', id: replyId },
      { topic: sessionTopic(sessionId), type: 'job.updated', id: jobId },
    ],
  });
  await deps.jobs.enqueue(tx, 'generate', { agentJobId: jobId });
  return {
    job_id: jobId,
    message_id: message.id,
    reply_message_id: replyId,
    plan,
    image_count: plan.imageCount,
    price_cents: job.priceCents,
    free_images_used: job.freeImagesUsed,
  };
}

/**
 * What a draft would cost if sent now with the engine picked, shown before sending; reserves
 * nothing. The same local rules plan the charge (see startReply), so the quote is the price — with
 * any engine, at its price. A draft that asks for more images than one reply may make is not
 * priced, and a draft the engine cannot do says so: the quote carries the refusal that sending it
 * would meet.
 */
export async function quoteDraft(
  deps: Pick<AppDeps, 'db'> & Pick<GenerationParts, 'quotePlanner' | 'engineOf' | 'defaultEngine' | 'offers'>,
  userId: string,
  draft: PlanRequest & { engine?: EngineKind | undefined },
): Promise<DraftQuote> {
  const entry = deps.engineOf(draft.engine) ?? deps.defaultEngine;
  const plan = await deps.quotePlanner.plan(draft);
  if (plan.answer) {
    // Answered with words: no image, nothing to pay.
    const free = await quoteGeneration(deps.db, userId, 0, entry.pricePerImageCents);
    return { ...free, pricePerImageCents: entry.pricePerImageCents, free: true, engine: entry.kind, refusal: null, spendingLimit: null };
  }
  const limitRefusal = imageLimitRefusal(plan.imageCount);
  if (limitRefusal) {
    const unpriced = await quoteGeneration(deps.db, userId, 0, entry.pricePerImageCents);
    return {
      ...unpriced,
      imageCount: plan.imageCount,
      pricePerImageCents: entry.pricePerImageCents,
      free: false,
      engine: entry.kind,
      refusal: limitRefusal,
    };
  }
  const refusal = engineRefusalOf(deps.offers, draft.engine ?? entry.kind, engineRequestOf(plan, draft.attachmentCount));
  const quote = await quoteGeneration(deps.db, userId, plan.imageCount, entry.pricePerImageCents);
  const spendingLimit = await spendingLimitForQuote(deps.db, userId, quote.priceCents);
  return {
    ...quote,
    pricePerImageCents: entry.pricePerImageCents,
    free: quote.paidImages === 0,
    engine: entry.kind,
    refusal,
    spendingLimit,
  };
}

/**
 * Variations: the same request answered again, its new images added to the same
 * reply as its next version. A paid generation like any other — one debit referenced by the new
 * job, settled or refunded by the same job path — at the first version's image count; short of
 * credit → 402 and nothing written. One version at a time per reply.
 */
export async function requestVariation(deps: ReplyDeps, userId: string, replyMessageId: string): Promise<ReplyAccepted> {
  return deps.db.transaction(async (tx) => {
    await lockReply(tx, userId, replyMessageId);
    const source = await variationSourceOf(tx, userId, replyMessageId);
    if (!source) throw new AppError('NOT_FOUND', REPLY_NOT_FOUND, { text: coded('error.replyNotFound') });
    if (source.busy) throw new AppError('BAD_REQUEST', VARIATION_IN_PROGRESS, { text: coded('error.variationInProgress') });
    const jobId = randomUUID();
    // The engine of the first version, at its price today (the default, if it is no longer offered).
    const entry = deps.engineOf(source.engine) ?? deps.defaultEngine;
    const debit = await debitForGeneration(
      tx,
      { userId, jobId, imageCount: source.imageCount, pricePerImageCents: entry.pricePerImageCents },
      deps,
    );
    await recordVariation(tx, {
      userId,
      replyMessageId,
      source,
      job: {
        id: jobId,
        engine: entry.kind,
        engineModel: entry.modelFor(source.plan.intent),
        priceCents: debit.priceCents,
        freeImagesUsed: debit.freeImages,
      },
    });
    await deps.jobs.enqueue(tx, 'generate', { agentJobId: jobId });
    return {
      job_id: jobId,
      message_id: source.messageId,
      reply_message_id: replyMessageId,
      plan: source.plan,
      image_count: source.imageCount,
      price_cents: debit.priceCents,
      free_images_used: debit.freeImages,
    };
  });
}

/** The version of a reply that the user picked with the arrows: follow-ups edit its images. */
export async function chooseReplyVersion(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { replyMessageId: string; version: number },
): Promise<void> {
  if (!(await chooseVersion(deps.db, { userId, ...input })))
    throw new AppError('NOT_FOUND', REPLY_NOT_FOUND, { text: coded('error.replyNotFound') });
}

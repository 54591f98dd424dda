import { randomUUID } from 'node:crypto';
import { coded, type CodedText, type InnerCodedText, type PlainParam } from '@shared/coded-text';
import type { GenerationPlan } from '@shared/generation';
import { imageNameStem } from '@shared/download-names';
import { sessionTitleOf, titleSessionByPlanner } from '../sessions/sessions.service';
import { JobLeaseLostError, JobTimeLimitError, type JobContext, type JobPayloads } from '../../jobs/job-types';
import type { AppDeps } from '../../context';
import { englishOf } from '../../lib/english-text';
import { publishEvent } from '../../realtime/events';
import { refundGeneration } from '../billing/billing.service';
import { deleteStoredFiles } from '../retention/retention.service';
import { jobTopic, sessionTopic } from '../../realtime/topics';
import { extensionOf, thumbnailKeyOf } from '../../storage/storage-keys';
import { fileUrlOf, thumbnailUrlOf } from '../uploads/uploads.service';
import type { EngineEntry, GenerationParts } from './engines/create-engine';
import { EngineError, type EngineImage, type EngineMask, type EngineOptions } from './engines/image-engine';
import { maskForJob } from '../masks/masks.service';
import { compositeWithinMask } from './mask-compositing';
import {
  answeredMessageOf,
  completeJob,
  filesByIds,
  findJob,
  finishJob,
  recordJobPlan,
  setThumbnailUrl,
  startJob,
  storageKeysInUse,
  updateSystemMessage,
  type AgentJobRow,
} from './generation.repository';
import { prepareOutput, thumbnailOf, type StoredOutput } from './output-images';
import { ProgressReporter } from './progress-reporter';
import { deletePreview, recordProgress } from './reply-progress.repository';
import { planRequestOf, sourceFileIdsOf } from './planning';

/** Deterministic keys: a job run twice overwrites its own bytes instead of adding new ones. */
export const generatedImageKey = (userId: string, jobId: string, position: number, mimeType: string) =>
  `public/${userId}/generated/${jobId}-${position}.${extensionOf(mimeType)}`;

type GenerationDeps = Pick<AppDeps, 'db' | 'storage' | 'logger'>;
type RunDeps = GenerationDeps & Pick<AppDeps, 'realtime'>;

/** The abort reason of a try whose job its user stopped (the job is settled already: nothing to retry). */
export class JobStoppedError extends Error {
  constructor() {
    super('stopped by its user');
    this.name = 'JobStoppedError';
  }
}

/** How one try ended when it did not throw: images stored, settled with a refund, or nothing to do (already settled). */
export type GenerationTryResult = 'succeeded' | 'failed' | 'settled-before';

/**
 * The generate job (architecture flow step 5): plans the reply with a hosted model (if any, once),
 * runs the engine, stores the outputs, links them to the job and fills in the reply message in one
 * statement, then tells the session. A refusal or an impossible request ends the job at once with
 * its refund; anything else — a transient engine error, bytes that are not an image, a storage or
 * database error, the try's time limit — is thrown, so the queue tries again, and after the last
 * try settles the job through `giveUpGeneration`. Idempotent: a settled job is not run again.
 */
export async function runGenerationJob(
  deps: RunDeps,
  parts: Pick<GenerationParts, 'engineOf'>,
  { agentJobId: jobId }: JobPayloads['generate'],
  context: Pick<JobContext, 'signal'>,
  /** Filled in as soon as the job's engine is known (the metrics label it, whatever happens next). */
  observed: { engine?: string } = {},
): Promise<GenerationTryResult> {
  // Claims the job (marks it processing) and tells the session, or finds it settled.
  const job = await startJob(deps.db, jobId);
  if (!job) return 'settled-before';
  observed.engine = job.engine;

  // Stop, pressed on any API process, reaches the process running the try by its job topic; a
  // Stop missed (a listener reconnecting) is noticed by the next progress write instead.
  const stop = new AbortController();
  const stopNow = () => stop.abort(new JobStoppedError());
  const unsubscribe = deps.realtime.subscribe(jobTopic(jobId), stopNow);
  const reporter = new ProgressReporter(
    (report, preview) => recordProgress(deps.db, jobId, report, preview),
    stopNow,
    (error) => deps.logger.warn({ err: error, jobId }, 'could not record the progress of a generation'),
  );
  try {
    return await runStartedJob(
      deps,
      parts,
      job,
      { signal: AbortSignal.any([context.signal, stop.signal]), stopped: stop.signal },
      reporter,
    );
  } finally {
    unsubscribe();
    await reporter.close();
  }
}

async function runStartedJob(
  deps: GenerationDeps,
  parts: Pick<GenerationParts, 'engineOf'>,
  job: AgentJobRow,
  context: { signal: AbortSignal; stopped: AbortSignal },
  reporter: ProgressReporter,
): Promise<GenerationTryResult> {
  const jobId = job.id;

  let plan: GenerationPlan;
  let outputs: StoredOutput[];
  let note: CodedText[];
  let model: string | undefined;
  try {
    // The engine it was charged for; one taken out of IMAGE_ENGINES since is refunded.
    const entry = parts.engineOf(job.engine);
    if (!entry) throw new EngineError('invalid', coded('engine.notOffered'));
    reporter.stage('planning');
    const answered = await answeredMessageOf(deps.db, job);
    const mask = await maskOf(deps, job, answered.maskId);
    plan = await finalPlanOf(deps, entry, job, answered, context.signal);
    // A masked request edits its one image, in its own shape: the area was drawn on it.
    const sources = await loadSources(deps, job, mask ? [mask.fileId] : sourceFileIdsOf(plan, answered.references));
    reporter.stage('generating');
    const options: EngineOptions = {
      count: job.imageCount,
      aspectRatio: mask ? 'unchanged' : plan.aspectRatio,
      signal: context.signal,
      version: job.version,
      attempt: job.attempts,
      combine: plan.combine === true,
      mask,
      onProgress: ({ step, total }) => reporter.progress(step, total),
      onPreview: (jpeg) => reporter.preview(jpeg),
    };
    const { engine } = entry;
    const result =
      sources.length === 0
        ? await engine.generate(plan.instruction, options)
        : plan.upscaleOnly && engine.upscale && !mask
          ? await engine.upscale(sources, options)
          : await engine.edit(sources, plan.instruction, options);
    const images = result.images.slice(0, job.imageCount);
    if (images.length === 0) throw new EngineError('transient', coded('engine.noImages'));
    outputs = await Promise.all(images.map((image) => (mask ? confineToMask(sources[0]!, image, mask) : decodeOutput(image, plan))));
    note = mask ? [...result.note, coded('reply.confinedToArea')] : result.note;
    model = result.model;
  } catch (error) {
    // Stopped: the Stop settled the job (its refund, its reply) before aborting this try.
    if (context.stopped.aborted) return 'settled-before';
    // A refusal is final; anything else may work on another try (and an aborted try always may).
    if (error instanceof EngineError && error.kind !== 'transient' && !context.signal.aborted) {
      await failGeneration(deps, job.id, error);
      return 'failed';
    }
    throw error;
  }

  // Stopped while the engine finished anyway: the Stop's refund stands, these images are nobody's.
  if (context.stopped.aborted) return 'settled-before';
  reporter.stage('saving');
  // Told before the images arrive (a write after the completion would find the job done).
  await reporter.flushed();
  const keys = outputs.map((output, position) => generatedImageKey(job.userId, job.id, position, output.mimeType));
  await Promise.all(outputs.map((output, position) => deps.storage.put(keys[position]!, output.data)));

  const fileIds = outputs.map(() => randomUUID());
  // Named after the session as it is titled now (the planner may just have titled it).
  const nameStem = imageNameStem(await sessionTitleOf(deps.db, job.userId, job.sessionId), new Date());
  const committed = await completeJob(deps.db, {
    jobId,
    nameStem,
    description: plan.instruction,
    replyText: englishOf(note),
    replyCodes: note,
    engineModel: model,
    files: outputs.map((output, position) => ({
      id: fileIds[position]!,
      storedFilename: keys[position]!,
      fileUrl: fileUrlOf(fileIds[position]!),
      mimeType: output.mimeType,
      fileSizeBytes: output.data.length,
      width: output.width,
      height: output.height,
    })),
  });
  if (!committed) {
    await discardUnclaimedOutputs(deps, keys);
    return 'settled-before';
  }
  await addThumbnails(deps, outputs, keys, fileIds);
  return 'succeeded';
}

/**
 * The job ended while this try ran: its account was deleted (the job went with it), or another
 * try settled it. Bytes no file row holds are nobody's and are deleted; another try that
 * completed the job wrote the same keys and keeps them.
 */
async function discardUnclaimedOutputs(deps: GenerationDeps, keys: string[]): Promise<void> {
  const inUse = await storageKeysInUse(deps.db, keys);
  await deleteStoredFiles(
    deps.storage,
    keys.filter((key) => !inUse.has(key)),
  );
}

/**
 * The plan the engine carries out. The charge fixed the image count (the quote's) and with it
 * whether the photos become one picture or each get their own; a hosted model re-plans the
 * wording, shape and source within them, once: retries reuse the recorded plan.
 */
async function finalPlanOf(
  deps: GenerationDeps,
  parts: Pick<EngineEntry, 'replyPlanner'>,
  job: AgentJobRow,
  answered: Awaited<ReturnType<typeof answeredMessageOf>>,
  signal: AbortSignal,
): Promise<GenerationPlan> {
  const charged = job.plan;
  if (job.plannedAt || !parts.replyPlanner) return charged;
  const request = planRequestOf({ text: answered.contentText, ...answered.references });
  const planned = await parts.replyPlanner.plan(request, { signal });
  // A shape picked in the composer is the user's word; the model's reading of it is not.
  const aspectRatio = answered.requestedAspectRatio ?? planned.aspectRatio;
  const plan: GenerationPlan = {
    ...planned,
    imageCount: job.imageCount,
    aspectRatio,
    combine: charged.combine === true,
    upscaleOnly: charged.upscaleOnly,
  };
  await recordJobPlan(deps.db, job, plan, {
    ...answered.references,
    sourceImages: plan.sourceImages,
    fileIds: sourceFileIdsOf(plan, answered.references),
  });
  if (plan.title)
    await titleSessionByPlanner(deps.db, {
      userId: job.userId,
      sessionId: job.sessionId,
      requestText: answered.contentText,
      title: plan.title,
    });
  return plan;
}

/**
 * The selected area a request was sent with, or undefined. One deleted since (by retention while
 * the request waited for credit) fails the reply with its refund: editing the whole picture
 * instead would be a different, unasked-for edit.
 */
async function maskOf(
  deps: GenerationDeps,
  job: AgentJobRow,
  maskId: string | null,
): Promise<(EngineMask & { fileId: string }) | undefined> {
  if (!maskId) return undefined;
  const mask = await maskForJob(deps.db, job.userId, maskId);
  if (!mask) throw new EngineError('invalid', 'The selected area of this request is no longer available. Select it again and resend.');
  return mask;
}

/** The engine's picture laid over the photo through the mask: nothing outside the area changes. */
async function confineToMask(source: EngineImage, image: EngineImage, mask: EngineMask): Promise<StoredOutput> {
  try {
    return await compositeWithinMask(source.data, image.data, mask.png);
  } catch (cause) {
    throw new EngineError('transient', 'The image service answered with something that is not an image.', { cause });
  }
}

/** An engine's picture ready to store; bytes that are no picture are the engine's failure. */
async function decodeOutput(image: EngineImage, plan: GenerationPlan): Promise<StoredOutput> {
  try {
    return await prepareOutput(image.data, plan.aspectRatio);
  } catch (cause) {
    throw new EngineError('transient', coded('engine.notAnImage'), { cause });
  }
}

/** Thumbnails come after the reply is delivered: they are for lists, not for the chat's first look. */
async function addThumbnails(deps: GenerationDeps, outputs: StoredOutput[], keys: string[], fileIds: string[]): Promise<void> {
  try {
    for (const [position, output] of outputs.entries()) {
      const key = thumbnailKeyOf(keys[position]!);
      await deps.storage.put(key, await thumbnailOf(output.data));
      // The account was deleted since the reply went out: its deletion took the image, not this.
      if (!(await setThumbnailUrl(deps.db, fileIds[position]!, thumbnailUrlOf(fileIds[position]!)))) await deps.storage.delete(key);
    }
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not make thumbnails of generated images; lists show the full images');
  }
}

/** Whether a give-up settled the job (false: it was settled already), and the job's engine. */
export interface GivenUp {
  settledNow: boolean;
  engine: string | undefined;
}

/**
 * The generate job's final failure, whatever caused it (called by the queue after the last try,
 * or by its sweeper when that try's worker died): one refund and a reply that says so. Answers
 * whether this call settled it (false: it was settled already).
 */
export function giveUpGeneration(deps: GenerationDeps, { agentJobId: jobId }: JobPayloads['generate'], reason: unknown): Promise<GivenUp> {
  return failGeneration(deps, jobId, reason);
}

/**
 * Ends a job that will not succeed: one refund, and a reply that says what happened. Does nothing
 * for a job already settled, so any number of calls, concurrent or repeated, refund once.
 */
async function failGeneration(deps: GenerationDeps, jobId: string, reason: unknown): Promise<GivenUp> {
  deps.logger.warn({ jobId, err: reason }, 'generation failed');
  return deps.db.transaction(async (tx) => {
    const job = await findJob(tx, jobId, { forUpdate: true });
    if (!job || job.status === 'completed' || job.status === 'failed' || job.status === 'stopped')
      return { settledNow: false, engine: job?.engine };
    const refund = await refundGeneration(tx, { userId: job.userId, jobId: job.id });
    await finishJob(tx, job.id, { status: 'failed', error: reason instanceof Error ? reason.message : String(reason) });
    await deletePreview(tx, job.id);
    if (job.resultMessageId) {
      const failure = failureTexts(reason, refund);
      await updateSystemMessage(tx, job.resultMessageId, {
        contentText: englishOf(failure),
        contentCodes: failure,
        processingStatus: 'error',
      });
      await publishEvent(tx, { topic: sessionTopic(job.sessionId), type: 'message.updated', id: job.resultMessageId });
    }
    await publishEvent(tx, { topic: sessionTopic(job.sessionId), type: 'job.updated', id: job.id });
    return { settledNow: true, engine: job.engine };
  });
}

/**
 * What the user reads, as codes the client words in their language: the provider's refusal as it
 * is; other causes in plain words, never internals. An engine's reason of several sentences keeps
 * its first inside "could not be made: …" and the rest after it.
 */
function failureReason(reason: unknown): CodedText[] {
  if (reason instanceof EngineError) {
    if (reason.kind === 'refused') return reason.reason;
    const [first, ...rest] = reason.reason;
    return [coded('failure.notMade', { reason: { coded: innerOf(first!) } }), ...rest];
  }
  if (reason instanceof JobTimeLimitError) return [coded('failure.timeLimit')];
  if (reason instanceof JobLeaseLostError) return [coded('failure.interrupted')];
  return [coded('failure.ourSide')];
}

/** A reason's first sentence inside another: a cause never holds a coded text itself, so this keeps its plain parameters. */
function innerOf(text: CodedText): InnerCodedText {
  const params = Object.fromEntries(
    Object.entries(text.params ?? {}).filter(
      (entry): entry is [string, PlainParam] => !(typeof entry[1] === 'object' && 'coded' in entry[1]),
    ),
  );
  return { code: text.code, params };
}

export function refundText(refund: { cents: number; freeImages: number }): CodedText {
  if (refund.cents > 0 && refund.freeImages > 0)
    return coded('failure.refundedBoth', { amount: { cents: refund.cents }, count: refund.freeImages });
  if (refund.freeImages > 0) return coded('failure.refundedFree', { count: refund.freeImages });
  return coded('failure.refundedMoney', { amount: { cents: refund.cents } });
}

export function failureTexts(reason: unknown, refund: { refunded: boolean; cents: number; freeImages: number }): CodedText[] {
  const what = failureReason(reason);
  return refund.refunded ? [...what, refundText(refund)] : what;
}

/** The failure reply in English (API clients and logs read this beside the codes). */
export function failureMessage(reason: unknown, refund: { refunded: boolean; cents: number; freeImages: number }): string {
  return englishOf(failureTexts(reason, refund));
}

async function loadSources(deps: GenerationDeps, job: AgentJobRow, fileIds: string[]): Promise<EngineImage[]> {
  const files = await filesByIds(deps.db, job.userId, fileIds);
  return Promise.all(
    files.map(async (file) => {
      const stored = await deps.storage.get(file.storedFilename);
      if (!stored) throw new EngineError('invalid', coded('engine.sourceGone'));
      return { data: Buffer.from(await new Response(stored.body).arrayBuffer()), mimeType: file.mimeType };
    }),
  );
}

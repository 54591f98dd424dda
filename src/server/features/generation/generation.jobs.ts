import { randomUUID } from 'node:crypto';
import type { GenerationPlan } from '@shared/generation';
import { formatCents } from '@shared/money';
import type { JobContext, JobPayloads } from '../../jobs/job-types';
import type { AppDeps } from '../../context';
import { publishEvent } from '../../realtime/events';
import { refundGeneration } from '../billing/billing.service';
import { sessionTopic } from '../../realtime/topics';
import { extensionOf, thumbnailKeyOf } from '../../storage/storage-keys';
import { fileUrlOf, thumbnailUrlOf } from '../uploads/uploads.service';
import { EngineError, type EngineImage, type ImageEngine } from './engines/image-engine';
import {
  completeJob,
  contextFileIdsOf,
  filesByIds,
  findJob,
  finishJob,
  setThumbnailUrl,
  startJob,
  updateSystemMessage,
  type AgentJobRow,
} from './generation.repository';
import { prepareOutput, thumbnailOf, type StoredOutput } from './output-images';

/** Deterministic keys: a job run twice overwrites its own bytes instead of adding new ones. */
export const generatedImageKey = (userId: string, jobId: string, position: number, mimeType: string) =>
  `public/${userId}/generated/${jobId}-${position}.${extensionOf(mimeType)}`;

type GenerationDeps = Pick<AppDeps, 'db' | 'storage' | 'logger'>;

/**
 * The generate job (architecture flow step 5): runs the engine, stores the outputs, links them to
 * the job and fills in the reply message, in one transaction, then tells the session. Transient
 * engine errors are thrown so the queue retries with back-off; a refusal, an invalid request or
 * the last failed try end the job with exactly one refund and a message that says so.
 * Idempotent: a job that already has outputs (a worker killed after committing, or a duplicate
 * delivery) is not run again, and the refund is keyed on the job id.
 */
export async function runGenerationJob(deps: GenerationDeps, engine: ImageEngine, { jobId }: JobPayloads['generate'], context: JobContext): Promise<void> {
  // Claims the job (marks it processing) and tells the session, or finds it settled.
  const job = await startJob(deps.db, jobId);
  if (!job) return;

  const plan = job.plan as GenerationPlan;
  let images: EngineImage[];
  let note: string;
  try {
    const sources = await loadSources(deps, job);
    const options = { count: plan.imageCount, aspectRatio: plan.aspectRatio };
    const result = sources.length > 0 ? await engine.edit(sources, plan.instruction, options) : await engine.generate(plan.instruction, options);
    images = result.images.slice(0, plan.imageCount);
    note = result.note;
    if (images.length === 0) throw new EngineError('transient', 'The image service answered without images.');
  } catch (error) {
    const engineError = error instanceof EngineError ? error : new EngineError('transient', error instanceof Error ? error.message : String(error), { cause: error });
    if (engineError.kind === 'transient' && !context.isLastAttempt) throw engineError;
    await failJob(deps, job, engineError);
    return;
  }

  const outputs = await Promise.all(images.map((image) => prepareOutput(image.data, plan.aspectRatio)));
  const keys = outputs.map((output, position) => generatedImageKey(job.userId, job.id, position, output.mimeType));
  await Promise.all(outputs.map((output, position) => deps.storage.put(keys[position]!, output.data)));

  const fileIds = outputs.map(() => randomUUID());
  const committed = await completeJob(deps.db, {
    jobId,
    description: plan.instruction,
    replyText: note,
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
  if (committed) await addThumbnails(deps, outputs, keys, fileIds);
}

/** Thumbnails come after the reply is delivered: they are for lists, not for the chat's first look. */
async function addThumbnails(deps: GenerationDeps, outputs: StoredOutput[], keys: string[], fileIds: string[]): Promise<void> {
  try {
    for (const [position, output] of outputs.entries()) {
      await deps.storage.put(thumbnailKeyOf(keys[position]!), await thumbnailOf(output.data));
      await setThumbnailUrl(deps.db, fileIds[position]!, thumbnailUrlOf(fileIds[position]!));
    }
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not make thumbnails of generated images; lists show the full images');
  }
}

/** Ends a job that will not succeed: one refund, and a reply that says what happened. */
async function failJob(deps: GenerationDeps, job: AgentJobRow, error: EngineError): Promise<void> {
  deps.logger.warn({ jobId: job.id, kind: error.kind, err: error }, 'generation failed');
  await deps.db.transaction(async (tx) => {
    const locked = await findJob(tx, job.id, { forUpdate: true });
    if (!locked || locked.status === 'completed' || locked.status === 'failed') return;
    const refund = await refundGeneration(tx, { userId: job.userId, jobId: job.id });
    await updateSystemMessage(tx, job.resultMessageId!, { contentText: failureMessage(error, refund), processingStatus: 'error' });
    await finishJob(tx, job.id, { status: 'failed', error: error.message });
    await publishEvent(tx, { topic: sessionTopic(job.sessionId), type: 'message.updated', id: job.resultMessageId! });
    await publishEvent(tx, { topic: sessionTopic(job.sessionId), type: 'job.updated', id: job.id });
  });
}

export function failureMessage(error: EngineError, refund: { refunded: boolean; cents: number; freeImages: number }): string {
  const what = error.kind === 'refused' ? error.message : `Sorry, the image could not be made: ${error.message}`;
  if (!refund.refunded) return what;
  const parts = [refund.cents > 0 ? `${formatCents(refund.cents)} was refunded to your balance` : '', refund.freeImages > 0 ? `${refund.freeImages} free image${refund.freeImages === 1 ? '' : 's'} returned` : ''].filter(Boolean);
  return `${what} The charge was refunded (${parts.join(', ')}).`;
}

async function loadSources(deps: GenerationDeps, job: AgentJobRow): Promise<EngineImage[]> {
  const references = (job.plan as GenerationPlan).sourceImages === 'none' ? [] : await contextFileIdsOf(deps.db, job.messageId);
  const files = await filesByIds(deps.db, job.userId, references);
  return Promise.all(
    files.map(async (file) => {
      const stored = await deps.storage.get(file.storedFilename);
      if (!stored) throw new EngineError('invalid', 'A photo this request needs is no longer available.');
      return { data: Buffer.from(await new Response(stored.body).arrayBuffer()), mimeType: file.mimeType };
    }),
  );
}

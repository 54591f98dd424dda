import { suggestedActionSchema, type SuggestedAction } from '@shared/studio';
import type { AppDeps } from '../../context';
import type { JobPayloads } from '../../jobs/job-types';
import { publishEvent } from '../../realtime/events';
import { userTopic } from '../../realtime/topics';
import { findPendingFile, recordVerdict } from '../uploads/file-verdicts.service';

/**
 * What the configured engine's vision step (or the local engine's heuristics) says about a photo.
 * Engines are outside our control, so suggestions are checked here (`cleanSuggestions`); the
 * composition root hands the engine in (job-handlers.ts).
 */
export interface UploadReview {
  approved: boolean;
  reason?: string | undefined;
  suggestions: unknown[];
}
export type AnalyzeUpload = (image: { data: Buffer; mimeType: string }) => Promise<UploadReview>;

/** The composer shows a strip of chips; a handful is plenty. */
export const MAX_SUGGESTIONS = 6;

type VerificationDeps = Pick<AppDeps, 'db' | 'storage' | 'logger'>;

/**
 * The verify-upload job: asks the engine whether the photo is allowed and what could be done with
 * it, then writes approved/rejected and the suggestions, and tells the owner's clients. A failing
 * engine throws, and the queue tries again; once it will not, `rejectUnverifiedUpload` settles it.
 */
export async function verifyUpload(
  deps: VerificationDeps,
  analyzeUpload: AnalyzeUpload,
  { fileId, userId }: JobPayloads['verify-upload'],
): Promise<void> {
  const file = await findPendingFile(deps.db, userId, fileId);
  if (!file) return;
  const stored = await deps.storage.get(file.storedFilename);
  if (!stored) {
    deps.logger.warn({ fileId }, 'uploaded file has no bytes; rejecting it');
    await writeVerdict(deps, userId, fileId, { approved: false, suggestions: null });
    return;
  }
  const data = Buffer.from(await new Response(stored.body).arrayBuffer());
  const analysis: UploadReview = await analyzeUpload({ data, mimeType: file.mimeType });
  if (!analysis.approved) deps.logger.info({ fileId, reason: analysis.reason }, 'upload rejected');
  const suggestions = analysis.approved ? cleanSuggestions(analysis.suggestions) : null;
  await writeVerdict(deps, userId, fileId, { approved: analysis.approved, suggestions });
}

/**
 * The verify-upload job's final failure (its last try failed, timed out or lost its worker): the
 * photo is rejected — moderation that could not run must not let an image through — so the client
 * never waits on a pending file. A file already decided stays as it is.
 */
export async function rejectUnverifiedUpload(deps: VerificationDeps, { fileId, userId }: JobPayloads['verify-upload']): Promise<void> {
  deps.logger.error({ fileId }, 'upload verification could not be done; rejecting the file');
  await writeVerdict(deps, userId, fileId, { approved: false, suggestions: null });
}

async function writeVerdict(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  fileId: string,
  verdict: { approved: boolean; suggestions: SuggestedAction[] | null },
) {
  await deps.db.transaction(async (tx) => {
    if (await recordVerdict(tx, userId, fileId, verdict))
      await publishEvent(tx, { topic: userTopic(userId), type: 'file.updated', id: fileId });
  });
}

/** Engines are outside our control: keep well-formed, non-empty pairs, one per title. */
function cleanSuggestions(suggestions: unknown[]): SuggestedAction[] {
  const seen = new Set<string>();
  const clean: SuggestedAction[] = [];
  for (const candidate of suggestions) {
    const parsed = suggestedActionSchema.safeParse(candidate);
    if (!parsed.success) continue;
    const title = parsed.data.title.trim();
    const description = parsed.data.description.trim();
    if (!title || !description || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    const { title_code, description_code } = parsed.data;
    clean.push({ title, description, ...(title_code && description_code ? { title_code, description_code } : {}) });
    if (clean.length === MAX_SUGGESTIONS) break;
  }
  return clean;
}

import { generationPlanSchema, type AspectRatio, type GenerationPlan } from '@shared/generation';

/** What a planner knows about a request when it plans the reply. */
export interface PlanRequest {
  text: string;
  attachmentCount: number;
  hasPreviousOutput: boolean;
  /** Picked in the composer: the shape, over what the words say. */
  aspectRatio?: AspectRatio | undefined;
  /** Picked in the composer: versions of each result, over what the words say. */
  imageCount?: number | undefined;
}

/** Hosted engines plan with their language model (structured output); the local one by rules. */
export interface ReplyPlanner {
  plan(request: PlanRequest, options?: { signal?: AbortSignal | undefined }): Promise<GenerationPlan>;
}

/**
 * A model's plan is a suggestion: it must fit our schema and the facts of the request (no
 * "attachments" without attachments, no follow-up without a previous image).
 */
export function reconcilePlan(candidate: unknown, request: PlanRequest): GenerationPlan {
  const plan = generationPlanSchema.parse(candidate);
  let sourceImages = plan.sourceImages;
  if (sourceImages === 'attachments' && request.attachmentCount === 0)
    sourceImages = request.hasPreviousOutput ? 'previous-output' : 'none';
  if (sourceImages === 'previous-output' && !request.hasPreviousOutput) sourceImages = 'none';
  if (sourceImages === 'none' && request.attachmentCount > 0) sourceImages = 'attachments';
  const intent = sourceImages === 'none' ? 'generate' : 'edit';
  return { ...plan, sourceImages, intent, instruction: plan.instruction.trim() || request.text.trim() };
}

/** The photos a request can refer to: attached to it, or the session's last result. */
export interface SourceCandidates {
  attachmentIds: string[];
  previousOutputId: string | null;
}

/** What a planner knows about a message it answers. */
export function planRequestOf(message: { text: string } & SourceCandidates): PlanRequest {
  return { text: message.text, attachmentCount: message.attachmentIds.length, hasPreviousOutput: message.previousOutputId !== null };
}

/** The stored photos a plan starts from. */
export function sourceFileIdsOf(plan: GenerationPlan, candidates: SourceCandidates): string[] {
  if (plan.sourceImages === 'attachments') return candidates.attachmentIds;
  if (plan.sourceImages === 'previous-output' && candidates.previousOutputId) return [candidates.previousOutputId];
  return [];
}

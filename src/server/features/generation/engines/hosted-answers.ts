import { coded } from '@shared/coded-text';
import { z } from 'zod';
import type { GenerationPlan } from '@shared/generation';
import { cleanTitle } from '@shared/session-title';
import { reconcilePlan, type PlanRequest } from '../planning';
import { EngineError, type UploadAnalysis } from './image-engine';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new EngineError('transient', coded('engine.plannerNotJson'), { cause });
  }
}

/** The planner's JSON, checked against our schema and the request's facts. */
export function parsePlan(text: string, request: PlanRequest): GenerationPlan {
  const raw = parseJson(text) as Record<string, unknown>;
  try {
    // A title is a nicety: one that is missing or unusable never costs the plan.
    const title = typeof raw.title === 'string' ? (cleanTitle(raw.title) ?? undefined) : undefined;
    return reconcilePlan({ ...raw, style: raw.style ?? undefined, title }, request);
  } catch (cause) {
    throw new EngineError('transient', coded('engine.plannerBadPlan'), { cause });
  }
}

const reviewSchema = z.object({
  approved: z.boolean(),
  reason: z.string().nullable().optional(),
  suggestions: z.array(z.object({ title: z.string().trim().min(1).max(60), description: z.string().trim().max(300) })).max(12),
});

/** The review's JSON; suggestions de-duplicated by title, at most 6. */
export function parseUploadReview(text: string): UploadAnalysis {
  const review = reviewSchema.safeParse(parseJson(text));
  if (!review.success) throw new EngineError('transient', coded('engine.plannerBadReview'));
  const seen = new Set<string>();
  const suggestions = review.data.suggestions
    .filter((s) => !seen.has(s.title.toLowerCase()) && seen.add(s.title.toLowerCase()))
    .slice(0, 6);
  return review.data.approved
    ? { approved: true, suggestions }
    : { approved: false, reason: review.data.reason ?? 'Image not allowed', suggestions: [] };
}

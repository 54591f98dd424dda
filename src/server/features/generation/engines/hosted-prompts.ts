import { z } from 'zod';
import { generationPlanSchema, MAX_IMAGES_PER_REQUEST } from '@shared/generation';

/**
 * What we ask hosted models for, in one place: the planning instruction and the upload review.
 * Both answers are JSON in fixed shapes (structured output), validated again on our side.
 */

export const PLANNER_INSTRUCTIONS = `You plan replies for an image studio. Read the user's latest message and decide:
- intent: "edit" when the user refers to a photo they attached or to the previous result ("make it darker", "now in red"), otherwise "generate".
- sourceImages: "attachments" when this message has attached photos, "previous-output" for a follow-up on the last generated image, "none" for a new picture from text.
- instruction: a clear, self-contained prompt for an image model, in English, keeping the user's intent and details.
- imageCount: how many images the user asked for (1 by default, at most ${MAX_IMAGES_PER_REQUEST}).
- aspectRatio: "unchanged" unless the user asks for a shape; then "width:height" such as "1:1", "16:9", "9:16", "4:3", "3:4".
- style: a short style name when the user asks for one (e.g. "watercolour", "cartoon"), else null.
- title: a short title for the conversation (2-5 words, in the user's language, no quotes), naming what the user wants.`;

export const UPLOAD_REVIEW_INSTRUCTIONS = `You review a photo uploaded to an image-editing studio.
Refuse (approved=false, with a short reason) only images that are sexual, show minors in unsafe contexts, depict graphic violence, or are otherwise illegal to edit.
Otherwise approve and suggest 3 to 6 edits that suit this particular picture, each with a short title (2-4 words) and a one-sentence description, e.g. changing a clothing colour you can see, replacing the background, an artistic style.`;

/**
 * The plan as a hosted model answers it. Structured output in strict mode wants every field
 * present and no others, so the style is null when there is none; the answer is checked again
 * against generationPlanSchema (hosted-answers.ts), whose choices it shares.
 */
const hostedPlanSchema = z.strictObject({
  intent: generationPlanSchema.shape.intent,
  sourceImages: generationPlanSchema.shape.sourceImages,
  instruction: z.string(),
  imageCount: z.int().min(1).max(MAX_IMAGES_PER_REQUEST),
  aspectRatio: z.string(),
  style: z.string().nullable(),
  title: z.string().nullable(),
});

/** The upload review as a hosted model answers it; checked again by parseUploadReview. */
const hostedUploadReviewSchema = z.strictObject({
  approved: z.boolean(),
  reason: z.string().nullable(),
  suggestions: z.array(z.strictObject({ title: z.string(), description: z.string() })),
});

/** The JSON Schema that structured output asks for: zod's, without the `$schema` key the providers do not take. */
function structuredOutputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema);
  return jsonSchema;
}

export const planJsonSchema = structuredOutputSchema(hostedPlanSchema);
export const uploadReviewJsonSchema = structuredOutputSchema(hostedUploadReviewSchema);

/**
 * What we ask hosted models for, in one place: the planning instruction and the upload review.
 * Both answers are JSON in fixed shapes (structured output), validated again on our side.
 */

export const PLANNER_INSTRUCTIONS = `You plan replies for an image studio. Read the user's latest message and decide:
- intent: "edit" when the user refers to a photo they attached or to the previous result ("make it darker", "now in red"), otherwise "generate".
- sourceImages: "attachments" when this message has attached photos, "previous-output" for a follow-up on the last generated image, "none" for a new picture from text.
- instruction: a clear, self-contained prompt for an image model, in English, keeping the user's intent and details.
- imageCount: how many images the user asked for (1 by default, at most 4).
- aspectRatio: "unchanged" unless the user asks for a shape; then "width:height" such as "1:1", "16:9", "9:16", "4:3", "3:4".
- style: a short style name when the user asks for one (e.g. "watercolour", "cartoon"), else null.`;

export const UPLOAD_REVIEW_INSTRUCTIONS = `You review a photo uploaded to an image-editing studio.
Refuse (approved=false, with a short reason) only images that are sexual, show minors in unsafe contexts, depict graphic violence, or are otherwise illegal to edit.
Otherwise approve and suggest 3 to 6 edits that suit this particular picture, each with a short title (2-4 words) and a one-sentence description, e.g. changing a clothing colour you can see, replacing the background, an artistic style.`;

export const planJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['intent', 'sourceImages', 'instruction', 'imageCount', 'aspectRatio', 'style'],
  properties: {
    intent: { type: 'string', enum: ['generate', 'edit'] },
    sourceImages: { type: 'string', enum: ['attachments', 'previous-output', 'none'] },
    instruction: { type: 'string' },
    imageCount: { type: 'integer', minimum: 1, maximum: 4 },
    aspectRatio: { type: 'string' },
    style: { type: ['string', 'null'] },
  },
} as const;

export const uploadReviewJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['approved', 'reason', 'suggestions'],
  properties: {
    approved: { type: 'boolean' },
    reason: { type: ['string', 'null'] },
    suggestions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'description'],
        properties: { title: { type: 'string' }, description: { type: 'string' } },
      },
    },
  },
} as const;

import { describe, expect, it } from 'vitest';
import { generationPlanSchema } from '@shared/generation';
import { planJsonSchema, uploadReviewJsonSchema } from './hosted-prompts';

type JsonSchema = {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: JsonSchema;
  enum?: unknown[];
};

/** Strict structured output (OpenAI's and Gemini's) wants every object closed and every field required. */
function objectsIn(schema: JsonSchema): JsonSchema[] {
  const nested = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : [])].flatMap(objectsIn);
  return schema.type === 'object' ? [schema, ...nested] : nested;
}

describe('the structured output hosted models are asked for', () => {
  it.each([
    ['plan', planJsonSchema],
    ['upload review', uploadReviewJsonSchema],
  ])('asks for a strict %s: every object closed, every field required, no $schema key', (_name, schema) => {
    expect(schema).not.toHaveProperty('$schema');
    for (const object of objectsIn(schema as JsonSchema)) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required).toEqual(Object.keys(object.properties ?? {}));
    }
  });

  it("offers the model exactly our plan's choices of intent and source images", () => {
    const properties = (planJsonSchema as JsonSchema).properties!;
    expect(properties.intent!.enum).toEqual(generationPlanSchema.shape.intent.options);
    expect(properties.sourceImages!.enum).toEqual(generationPlanSchema.shape.sourceImages.options);
    expect(properties.style!.type).toEqual(['string', 'null']);
  });
});

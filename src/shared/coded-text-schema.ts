import { z } from 'zod';
import { NAME_KINDS, SERVER_TEXT_CODES } from './coded-text';

/** The API contract's schemas of coded texts (kept apart from coded-text.ts so pages without zod stay without it). */
const nameRefSchema = z.object({ name: z.enum(NAME_KINDS), id: z.string() });
const plainParamSchema = z.union([
  z.string(),
  z.number(),
  z.array(z.string()),
  nameRefSchema,
  z.object({ refs: z.array(nameRefSchema) }),
  z.object({ cents: z.int() }),
]);
const innerCodedTextSchema = z.object({ code: z.enum(SERVER_TEXT_CODES), params: z.record(z.string(), plainParamSchema).optional() });

export const codedTextSchema = z.object({
  code: z.enum(SERVER_TEXT_CODES),
  params: z
    .record(
      z.string(),
      z.union([plainParamSchema, z.object({ coded: innerCodedTextSchema }), z.object({ clauses: z.array(innerCodedTextSchema) })]),
    )
    .optional(),
});

/** A text of several sentences, each coded; the client words each and joins them with a space. */
export const codedTextsSchema = z.array(codedTextSchema);

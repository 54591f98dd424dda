import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { validationError } from './http-errors';

/**
 * Every feature router is made here, so every route shares one validation answer: an invalid
 * body, query or path is a 400 VALIDATION_ERROR that names the fields.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  });
}

/** A JSON body or answer in a route definition: `responses: { 200: jsonContent(schema, 'The session') }`. */
export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

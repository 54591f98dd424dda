import { z } from 'zod';
import { engineKindSchema, engineOfferSchema } from './engines';
import type { Retention } from './retention';

const retentionSchema = z.object({
  uploadSeconds: z.number().int().positive(),
  generatedSeconds: z.number().int().positive(),
}) satisfies z.ZodType<Retention>;

/**
 * What the server tells the web client about itself at start (GET /api/config). Nothing here may
 * be secret; `assertNoSecretKeys` (secret-keys.ts) enforces the spec's rule that no client-exposed
 * key is named like a secret.
 */
export const publicConfigSchema = z.object({
  appName: z.string(),
  appUrl: z.string(),
  version: z.string(),
  environment: z.enum(['development', 'test', 'production']),
  pricePerImageCents: z.number().int(),
  freeGenerations: z.number().int(),
  /**
   * The landing page's marketing figures (LANDING_CREATORS_FIGURE, LANDING_TRANSFORMATIONS_FIGURE;
   * 0 leaves one out). A live counter below its figure is not shown beside it.
   */
  landingFigures: z.object({ creators: z.number().int().nonnegative(), transformations: z.number().int().nonnegative() }),
  /** The default engine (the first of IMAGE_ENGINES). */
  imageEngine: engineKindSchema,
  /** Every engine offered, the default first: the composer's picker shows them when there are several. */
  engines: z.array(engineOfferSchema),
  payments: z.object({ mode: z.enum(['stripe', 'test']), publishableKey: z.string().nullable() }),
  socialProviders: z.object({ google: z.boolean(), github: z.boolean(), apple: z.boolean() }),
  devMailbox: z.boolean(),
  /** Sentry for the web client (PUBLIC_SENTRY_DSN), or null: then the client loads no error reporting at all. */
  errorReporting: z.object({ dsn: z.string(), environment: z.string(), release: z.string(), tracesSampleRate: z.number() }).nullable(),
  /** How long files are kept (UPLOAD_RETENTION, GENERATED_RETENTION): the legal pages and the library state it. */
  retention: retentionSchema,
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

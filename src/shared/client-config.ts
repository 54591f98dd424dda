import { z } from 'zod';

/**
 * What the server tells the web client about itself at start (GET /api/config). Nothing here may
 * be secret; `assertNoSecretKeys` enforces the spec's rule that no client-exposed key is named
 * like a secret.
 */
export const publicConfigSchema = z.object({
  appName: z.string(),
  appUrl: z.string(),
  version: z.string(),
  environment: z.enum(['development', 'test', 'production']),
  pricePerImageCents: z.number().int(),
  freeGenerations: z.number().int(),
  imageEngine: z.enum(['local', 'openai', 'gemini']),
  payments: z.object({ mode: z.enum(['stripe', 'test']), publishableKey: z.string().nullable() }),
  socialProviders: z.object({ google: z.boolean(), github: z.boolean(), apple: z.boolean() }),
  devMailbox: z.boolean(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Key names that must never reach a browser (spec section 5: the word "secret"). */
export function findSecretLikeKeys(config: object, prefix = ''): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (/secret/i.test(key)) found.push(name);
    if (value && typeof value === 'object' && !Array.isArray(value)) found.push(...findSecretLikeKeys(value as object, name));
  }
  return found;
}

export function assertNoSecretKeys(config: object, source: string): void {
  const found = findSecretLikeKeys(config);
  if (found.length > 0) {
    throw new Error(`Refusing to start: ${source} exposes configuration keys that look secret: ${found.join(', ')}`);
  }
}

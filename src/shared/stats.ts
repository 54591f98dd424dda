import { z } from 'zod';

/** GET /api/stats: the landing page's counters, across every account. */
export const statsSchema = z.object({
  /** Generated images across all accounts. */
  images: z.number().int().nonnegative(),
  /** Registered accounts. */
  users: z.number().int().nonnegative(),
});
export type Stats = z.infer<typeof statsSchema>;

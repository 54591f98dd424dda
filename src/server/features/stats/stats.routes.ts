import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../context';
import { createRouter } from '../../lib/openapi';
import { countImagesAndUsers } from './stats.repository';
import { STATS_CACHE_TTL_MS, createStatsService } from './stats.service';

export const statsSchema = z
  .object({
    images: z.number().int().nonnegative().openapi({ description: 'Generated images across all accounts' }),
    users: z.number().int().nonnegative().openapi({ description: 'Registered accounts' }),
  })
  .openapi('Stats');

const getStats = createRoute({
  method: 'get',
  path: '/',
  summary: 'Public counters for the landing page (cached for a minute)',
  responses: { 200: { description: 'Counts of generated images and users', content: { 'application/json': { schema: statsSchema } } } },
});

export function statsRoutes({ db, logger }: AppDeps) {
  const service = createStatsService({
    countImagesAndUsers: () => countImagesAndUsers(db),
    onStaleServed: (error) => logger.warn({ err: error }, 'stats: refresh failed, serving the previous counts'),
  });
  return createRouter().openapi(getStats, async (c) => {
    const stats = await service.getStats();
    c.header('Cache-Control', `public, max-age=${STATS_CACHE_TTL_MS / 1000}`);
    return c.json(stats, 200);
  });
}

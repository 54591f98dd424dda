import { createRoute } from '@hono/zod-openapi';
import { statsSchema } from '@shared/stats';
import type { AppDeps } from '../../context';
import { createRouter, jsonContent } from '../../lib/openapi';
import { countImagesAndUsers } from './stats.repository';
import { STATS_CACHE_TTL_MS, createStatsService } from './stats.service';

const getStats = createRoute({
  method: 'get',
  path: '/',
  summary: 'Public counters for the landing page (cached for a minute)',
  responses: { 200: jsonContent(statsSchema.meta({ id: 'Stats' }), 'Counts of generated images and users') },
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

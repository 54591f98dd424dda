import { useTranslation } from 'react-i18next';
import { formatCount } from '@web/lib/format';
import { usePublicConfig } from '@web/lib/public-config';
import { useStats } from '../api/get-stats';
import { liveCountersShown } from '../lib/landing-figures';

/** Literal class names, so the stylesheet has each one: a column per figure shown. */
const COLUMNS: Record<number, string> = { 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4', 5: 'sm:grid-cols-5' };

/**
 * Live counters of this installation (GET /api/stats) next to the product's stated figures
 * (50+ styles, about 1-2 minutes, 99.9% uptime). A live counter below the
 * hero's marketing figure for it is left out, so the page never contradicts itself.
 */
export function StatsStrip() {
  const { t } = useTranslation('marketing');
  const { data, isPending, isError } = useStats();
  const { landingFigures } = usePublicConfig();
  const shown = liveCountersShown(data, landingFigures);
  const live = (value: number | undefined) => (value !== undefined ? formatCount(value) : isError ? t('stats.unavailable') : null);
  const items = [
    shown.images ? { key: 'images', value: live(data?.images), testId: 'stat-images' } : null,
    shown.users ? { key: 'users', value: live(data?.users), testId: 'stat-users' } : null,
    { key: 'styles', value: t('stats.stylesValue') },
    { key: 'processing', value: t('stats.processingValue') },
    { key: 'uptime', value: t('stats.uptimeValue') },
  ].filter((item) => item !== null);
  return (
    <section aria-label={t('stats.label')} className="border-y bg-background px-4 py-8">
      <dl
        className={`mx-auto grid max-w-5xl grid-cols-2 gap-6 text-center ${COLUMNS[items.length] ?? 'sm:grid-cols-5'}`}
        aria-busy={isPending}
      >
        {items.map((item) => (
          <div key={item.key} className="flex flex-col-reverse gap-1 last:col-span-2 sm:last:col-span-1">
            <dt className="text-sm text-muted-foreground">{t(`stats.${item.key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={item.testId}>
              {item.value ?? <span className="inline-block h-8 w-16 animate-pulse rounded bg-muted align-middle" />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

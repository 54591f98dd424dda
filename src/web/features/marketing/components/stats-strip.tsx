import { useTranslation } from 'react-i18next';
import { formatCount } from '@web/lib/format';
import { useStats } from '../api/get-stats';

/**
 * Live counters of this installation (GET /api/stats) next to the product's stated figures
 * (spec section 1: 50+ styles, about 1-2 minutes, 99.9% uptime).
 */
export function StatsStrip() {
  const { t } = useTranslation('marketing');
  const { data, isPending, isError } = useStats();
  const live = (value: number | undefined) => (value !== undefined ? formatCount(value) : isError ? t('stats.unavailable') : null);
  const items = [
    { key: 'images', value: live(data?.images), testId: 'stat-images' },
    { key: 'users', value: live(data?.users), testId: 'stat-users' },
    { key: 'styles', value: t('stats.stylesValue') },
    { key: 'processing', value: t('stats.processingValue') },
    { key: 'uptime', value: t('stats.uptimeValue') },
  ];
  return (
    <section aria-label={t('stats.label')} className="border-y bg-background px-4 py-8">
      <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 text-center sm:grid-cols-5" aria-busy={isPending}>
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

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PERIOD_PRESETS, type Overview, type OverviewQuery, type PeriodPreset } from '@shared/admin';
import { formatCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useOverview } from '../api/get-overview';
import { formatSeconds } from '../lib/console-format';
import { fieldClasses } from './action-dialog';
import { DailyChart } from './daily-chart';
import { Empty, ReportFailed, ReportLoading, ScrollRegion, Section } from './report-states';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The period in the address (?period=30d, or custom with from/to), so a view can be shared. */
function usePeriod(): [OverviewQuery, (query: OverviewQuery) => void] {
  const [params, setParams] = useSearchParams();
  const period = (PERIOD_PRESETS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as PeriodPreset) : '7d';
  const query: OverviewQuery =
    period === 'custom' ? { period, from: params.get('from') ?? daysAgo(6), to: params.get('to') ?? today() } : { period };
  const setQuery = (next: OverviewQuery) =>
    setParams(next.period === 'custom' ? { period: 'custom', from: next.from ?? '', to: next.to ?? '' } : { period: next.period }, {
      replace: true,
    });
  return [query, setQuery];
}

function PeriodPicker({ query, onChange }: { query: OverviewQuery; onChange: (query: OverviewQuery) => void }) {
  const { t } = useTranslation('admin');
  const [from, setFrom] = useState(query.from ?? daysAgo(6));
  const [to, setTo] = useState(query.to ?? today());
  const [custom, setCustom] = useState(query.period === 'custom');
  const fromId = useId();
  const toId = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) onChange({ period: 'custom', from, to });
  };
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t('overview.period')} className="flex flex-wrap gap-2">
        {PERIOD_PRESETS.map((preset) => {
          const active = preset === 'custom' ? custom : !custom && query.period === preset;
          return (
            <Button
              key={preset}
              size="sm"
              variant={active ? 'primary' : 'outline'}
              aria-pressed={active}
              onClick={() => {
                setCustom(preset === 'custom');
                if (preset !== 'custom') onChange({ period: preset });
              }}
            >
              {t(`overview.presets.${preset}`)}
            </Button>
          );
        })}
      </div>
      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={fromId} className="text-sm font-medium">
              {t('overview.from')}
            </label>
            <input
              id={fromId}
              type="date"
              value={from}
              max={to}
              onChange={(event) => setFrom(event.target.value)}
              className={fieldClasses}
              required
            />
          </div>
          <div>
            <label htmlFor={toId} className="text-sm font-medium">
              {t('overview.to')}
            </label>
            <input
              id={toId}
              type="date"
              value={to}
              min={from}
              onChange={(event) => setTo(event.target.value)}
              className={fieldClasses}
              required
            />
          </div>
          <Button type="submit" size="md">
            {t('overview.apply')}
          </Button>
        </form>
      )}
    </div>
  );
}

function Stat({ label, value, detail, tone }: { label: string; value: string; detail?: string; tone?: 'good' | 'bad' }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd
        className={cn('mt-1 text-xl font-semibold tabular-nums', tone === 'good' && 'text-success', tone === 'bad' && 'text-destructive')}
      >
        {value}
      </dd>
      {detail && <dd className="text-xs text-muted-foreground">{detail}</dd>}
    </div>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const { t } = useTranslation('admin');
  const count = (n: number) => t('overview.count', { count: n });
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      <Stat label={t('overview.topUps')} value={formatCents(overview.topUps.cents)} detail={count(overview.topUps.count)} />
      <Stat label={t('overview.charges')} value={formatCents(overview.charges.cents)} detail={count(overview.charges.count)} />
      <Stat label={t('overview.refunds')} value={formatCents(overview.refunds.cents)} detail={count(overview.refunds.count)} />
      <Stat label={t('overview.cardRefunds')} value={formatCents(overview.cardRefunds.cents)} detail={count(overview.cardRefunds.count)} />
      <Stat
        label={t('overview.netRevenue')}
        value={formatCents(overview.netRevenueCents)}
        tone={overview.netRevenueCents < 0 ? 'bad' : 'good'}
        detail={t('overview.netRevenueHint')}
      />
      <Stat label={t('overview.freeImagesUsed')} value={String(overview.freeImagesUsed)} />
      <Stat label={t('overview.signUps')} value={String(overview.signUps)} />
      <Stat label={t('overview.activeUsers')} value={String(overview.activeUsers)} detail={t('overview.activeUsersHint')} />
      <Stat
        label={t('overview.disputesOpened')}
        value={formatCents(overview.disputes.opened.cents)}
        detail={count(overview.disputes.opened.count)}
      />
      <Stat
        label={t('overview.disputesLost')}
        value={formatCents(overview.disputes.lost.cents)}
        detail={count(overview.disputes.lost.count)}
        tone={overview.disputes.lost.count > 0 ? 'bad' : undefined}
      />
      <Stat
        label={t('overview.disputesOpen')}
        value={formatCents(overview.disputes.openNow.cents)}
        detail={t('overview.disputesOpenHint', { count: overview.disputes.openNow.count })}
      />
    </dl>
  );
}

function GenerationTables({ overview }: { overview: Overview }) {
  const { t } = useTranslation('admin');
  if (overview.generations.length === 0) return <Empty>{t('overview.noGenerations')}</Empty>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ScrollRegion label={t('overview.outcomes')}>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">{t('overview.outcomes')}</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {t('overview.engine')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('overview.completed')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('overview.refunded')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('overview.failed')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('overview.stopped')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('overview.inProgress')}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {overview.generations.map((row) => (
              <tr key={row.engine} className="border-t">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.engine}
                </th>
                <td className="py-2 pr-3 text-right">{row.completed}</td>
                <td className="py-2 pr-3 text-right">{row.refunded}</td>
                <td className="py-2 pr-3 text-right">{row.failed}</td>
                <td className="py-2 pr-3 text-right">{row.stopped}</td>
                <td className="py-2 text-right">{row.inProgress}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ScrollRegion label={t('overview.timings')}>
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">{t('overview.timings')}</caption>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {t('overview.engine')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('overview.measured')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('overview.median')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('overview.p95')}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {overview.timings.map((row) => (
              <tr key={row.engine} className="border-t">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.engine}
                </th>
                <td className="py-2 pr-3 text-right">{row.count}</td>
                <td className="py-2 pr-3 text-right">{formatSeconds(row.medianSeconds) ?? '—'}</td>
                <td className="py-2 text-right">{formatSeconds(row.p95Seconds) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

/** Money, people and generations of a period, with a chart per day for the figures that move. */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  const [query, setQuery] = usePeriod();
  const overview = useOverview(query);
  const data = overview.data;
  const whole = (value: number) => String(value);
  return (
    <div className="flex flex-col gap-5">
      <Section title={t('overview.title')}>
        <PeriodPicker query={query} onChange={setQuery} />
        {data && (
          <p className="mt-3 text-xs text-muted-foreground">
            {t('overview.range', { first: data.period.firstDay, last: data.period.lastDay })}
          </p>
        )}
      </Section>
      {overview.isPending && <ReportLoading />}
      {overview.isError && <ReportFailed onRetry={() => void overview.refetch()} />}
      {data && (
        <>
          <Section title={t('overview.figures')}>
            <Figures overview={data} />
          </Section>
          <Section title={t('overview.daily')}>
            <div className="grid gap-3 md:grid-cols-2">
              <DailyChart
                title={t('overview.topUps')}
                points={data.daily.map((day) => ({ day: day.day, value: day.topUpCents }))}
                format={formatCents}
              />
              <DailyChart
                title={t('overview.charges')}
                points={data.daily.map((day) => ({ day: day.day, value: day.chargeCents }))}
                format={formatCents}
              />
              <DailyChart
                title={t('overview.signUps')}
                points={data.daily.map((day) => ({ day: day.day, value: day.signUps }))}
                format={whole}
              />
              <DailyChart
                title={t('overview.generations')}
                points={data.daily.map((day) => ({ day: day.day, value: day.generations }))}
                format={whole}
              />
            </div>
          </Section>
          <Section title={t('overview.generations')}>
            <GenerationTables overview={data} />
          </Section>
        </>
      )}
    </div>
  );
}

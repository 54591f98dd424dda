import { useTranslation } from 'react-i18next';
import type { EngineStatus } from '@shared/admin';
import { formatCents } from '@shared/money';
import { engineKindSchema } from '@shared/engines';
import { cn } from '@web/lib/cn';
import { useEngineNames } from '@web/lib/engine-names';
import { useEngines } from '../api/get-engines';
import { formatPercent, formatSeconds } from '../lib/console-format';
import { ReportFailed, ReportLoading, Section } from './report-states';

function EngineCard({ engine }: { engine: EngineStatus }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'en';
  const { nameOf } = useEngineNames();
  const hour = engine.lastHour;
  const kind = engineKindSchema.safeParse(engine.name);
  return (
    <Section
      title={kind.success ? nameOf(kind.data) : engine.name}
      actions={
        engine.isDefault ? (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t('engines.default')}</span>
        ) : undefined
      }
    >
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">{t('engines.price')}</dt>
          <dd className="font-medium tabular-nums">{t('engines.perImage', { amount: formatCents(engine.pricePerImageCents) })}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('engines.successRate')}</dt>
          <dd className="font-medium tabular-nums">{formatPercent(hour.successRate, language) ?? '—'}</dd>
          <dd className="text-xs text-muted-foreground">{t('engines.outcomes', { completed: hour.completed, failed: hour.failed })}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('engines.timings')}</dt>
          <dd className="font-medium tabular-nums">
            {hour.medianSeconds === null
              ? '—'
              : t('engines.medianAndP95', { median: formatSeconds(hour.medianSeconds), p95: formatSeconds(hour.p95Seconds) })}
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 text-sm font-medium">{t('engines.models')}</h3>
      {engine.models.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('engines.noHostedModels')}</p>
      ) : (
        <ul className="mt-1 divide-y text-sm">
          {engine.models.map((model) => (
            <li key={`${model.variable}-${model.model}`} className="py-2">
              <p className="flex flex-wrap justify-between gap-2">
                <span>
                  <code className="text-xs">{model.variable}</code> = <span className="font-medium">{model.model}</span>
                </span>
                <span className={cn('font-medium', model.status === 'ok' ? 'text-success' : 'text-destructive')}>
                  {t(`engines.check.${model.status}`)}
                </span>
              </p>
              {model.detail && <p className="text-xs text-muted-foreground">{model.detail}</p>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Each image engine this server offers: its price, its models' check, and how the last hour went. */
export function EnginesPage() {
  const { t } = useTranslation('admin');
  const engines = useEngines();
  if (engines.isPending) return <ReportLoading />;
  if (engines.isError) return <ReportFailed onRetry={() => void engines.refetch()} />;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">{t('engines.lastHourNote')}</p>
      {engines.data.map((engine) => (
        <EngineCard key={engine.name} engine={engine} />
      ))}
    </div>
  );
}

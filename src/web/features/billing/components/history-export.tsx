import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryKind } from '@shared/billing';

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * A history tab as a CSV file for a chosen period (whole days, both inclusive; this month by
 * default). A plain link: the browser downloads it with the session cookie, as any page of the site.
 */
export function HistoryExport({ kind }: { kind: HistoryKind }) {
  const { t } = useTranslation('billing');
  const ids = useId();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(isoDay(today));
  const valid = from !== '' && to !== '' && from <= to;
  const href = `/api/stripe/transaction-history/${kind}/csv?from=${from}&to=${to}`;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3 border-t pt-3 text-sm">
      <label className="flex flex-col gap-1" htmlFor={`${ids}-from`}>
        <span className="text-xs text-muted-foreground">{t('export.from')}</span>
        <input
          id={`${ids}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          className="h-9 rounded-md border bg-background px-2"
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${ids}-to`}>
        <span className="text-xs text-muted-foreground">{t('export.to')}</span>
        <input
          id={`${ids}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          className="h-9 rounded-md border bg-background px-2"
        />
      </label>
      {valid ? (
        <a href={href} download className="inline-flex h-9 items-center gap-2 rounded-md border px-3 font-medium hover:bg-muted">
          <Download aria-hidden="true" className="size-4" />
          {t('export.download')}
        </a>
      ) : (
        <p role="alert" className="text-xs text-destructive">
          {t('export.badPeriod')}
        </p>
      )}
    </div>
  );
}

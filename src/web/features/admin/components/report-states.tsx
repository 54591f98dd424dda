import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** A report's loading and failed states, the same on every page of the console. */
export function ReportLoading() {
  const { t } = useTranslation('admin');
  return (
    <p role="status" aria-live="polite" className="py-10 text-center text-sm text-muted-foreground">
      {t('loading')}
    </p>
  );
}

export function ReportFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-6 text-center text-sm"
    >
      <p>{t('loadFailed')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

/** A card around one part of a page, titled for screen readers' heading navigation. */
export function Section({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <section className="rounded-xl border bg-background p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * A table wider than a phone scrolls sideways inside this, not the page: it is a named,
 * focusable region so keyboards can scroll it, and it contains its own positioned children (the
 * screen-reader-only texts in a wide row would otherwise widen the whole page).
 */
export function ScrollRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto">
      {children}
    </div>
  );
}

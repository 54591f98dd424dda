import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpendingControls } from '@shared/spending';
import { formatCents, parseDollarsToCents, sanitizeAmountInput } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { useSpendingControls } from '../api/get-spending-controls';
import { useUpdateSpendingControls } from '../api/update-spending-controls';
import { formatResetTime } from './spending-limit-text';

/** The browser's time zone: the user's days and months begin there. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const dollarsText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** An empty field is "no limit"; anything else must be an amount of at least $0.01. */
function parseLimit(text: string): { cents: number | null; invalid: boolean } {
  if (text.trim() === '') return { cents: null, invalid: false };
  const cents = parseDollarsToCents(text);
  return cents === null || cents < 1 ? { cents: null, invalid: true } : { cents, invalid: false };
}

function LimitField({
  id,
  label,
  value,
  onChange,
  hint,
  placeholder,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint: string;
  placeholder: string;
  invalid: boolean;
}) {
  const { t } = useTranslation('billing');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
          $
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(sanitizeAmountInput(event.target.value))}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          className="h-11 w-full rounded-lg border bg-background pr-3 pl-7 text-base tabular-nums aria-[invalid=true]:border-destructive sm:text-sm"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {t('spending.invalidAmount')}
        </p>
      )}
    </div>
  );
}

function SpendingLimitsForm({ controls }: { controls: SpendingControls }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage ?? 'en';
  const ids = useId();
  const update = useUpdateSpendingControls();
  const [daily, setDaily] = useState(dollarsText(controls.daily_limit_cents));
  const [monthly, setMonthly] = useState(dollarsText(controls.monthly_limit_cents));
  const [lowBalance, setLowBalance] = useState(dollarsText(controls.low_balance_threshold_cents));
  const [saved, setSaved] = useState(false);
  const dailyLimit = parseLimit(daily);
  const monthlyLimit = parseLimit(monthly);
  const lowBalanceThreshold = parseLimit(lowBalance);
  const invalid = dailyLimit.invalid || monthlyLimit.invalid || lowBalanceThreshold.invalid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    setSaved(false);
    update.mutate(
      {
        daily_limit_cents: dailyLimit.cents,
        monthly_limit_cents: monthlyLimit.cents,
        low_balance_threshold_cents: lowBalanceThreshold.cents,
        time_zone: browserTimeZone(),
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm">
      <p className="text-sm text-muted-foreground">{t('spending.description')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <LimitField
          id={`${ids}-daily`}
          label={t('spending.daily')}
          value={daily}
          onChange={(v) => {
            setDaily(v);
            setSaved(false);
          }}
          placeholder={t('spending.noLimit')}
          hint={t('spending.spentSoFar', {
            spent: formatCents(controls.spent_today_cents),
            resetsAt: formatResetTime(controls.day_resets_at, language),
          })}
          invalid={dailyLimit.invalid}
        />
        <LimitField
          id={`${ids}-monthly`}
          label={t('spending.monthly')}
          value={monthly}
          onChange={(v) => {
            setMonthly(v);
            setSaved(false);
          }}
          placeholder={t('spending.noLimit')}
          hint={t('spending.spentSoFar', {
            spent: formatCents(controls.spent_this_month_cents),
            resetsAt: formatResetTime(controls.month_resets_at, language),
          })}
          invalid={monthlyLimit.invalid}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('spending.timeZone', { timeZone: browserTimeZone() })}</p>
      <div className="sm:max-w-[calc(50%-0.5rem)]">
        <LimitField
          id={`${ids}-low-balance`}
          label={t('spending.lowBalance')}
          value={lowBalance}
          onChange={(v) => {
            setLowBalance(v);
            setSaved(false);
          }}
          placeholder={t('spending.lowBalanceOff')}
          hint={t('spending.lowBalanceHint')}
          invalid={lowBalanceThreshold.invalid}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending || invalid} aria-busy={update.isPending || undefined}>
          {update.isPending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t('spending.save')}
        </Button>
        <span aria-live="polite" className="text-sm">
          {saved && <span className="text-emerald-700">{t('spending.saved')}</span>}
          {update.isError && <span className="text-destructive">{t('spending.saveFailed')}</span>}
        </span>
      </div>
    </form>
  );
}

/** "Spending limits" on the Billing page: a daily and a monthly limit and the low-balance e-mail, empty = none. */
export function SpendingLimitsSection() {
  const { t } = useTranslation('billing');
  const controls = useSpendingControls();
  return (
    <section id="spending-limits" aria-labelledby="spending-limits-title" className="flex scroll-mt-20 flex-col gap-4">
      <h2 id="spending-limits-title" className="text-xl font-semibold">
        {t('spending.title')}
      </h2>
      {controls.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          {t('spending.loading')}
        </p>
      )}
      {controls.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('spending.loadFailed')}
        </p>
      )}
      {controls.data && <SpendingLimitsForm controls={controls.data} />}
    </section>
  );
}

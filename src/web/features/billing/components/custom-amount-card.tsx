import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_TOP_UP_DEFAULT_DOLLARS, CUSTOM_TOP_UP_QUICK_AMOUNTS } from '@shared/constants';
import {
  canSubmitCustomAmount,
  checkCustomAmount,
  formatCents,
  formatCentsShort,
  sanitizeAmountInput,
  topUpSubmissionIssue,
  type CustomTopUpIssue,
} from '@shared/money';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

interface CustomAmountCardProps {
  /** Starts the hosted checkout for this many cents. */
  onSubmit: (amountCents: number) => void;
  busy: boolean;
  disabled?: boolean;
}

/**
 * The custom top-up: digits and one dot with at most two decimals are kept, the amount
 * must be $1.00 to $1,000.00, default 10, quick amounts 10/25/50/100.
 */
export function CustomAmountCard({ onSubmit, busy, disabled = false }: CustomAmountCardProps) {
  const { t } = useTranslation('billing');
  const [text, setText] = useState(String(CUSTOM_TOP_UP_DEFAULT_DOLLARS));
  // Only the submit-time guard's answer is kept apart; every other issue is read from the text shown.
  const [submitIssue, setSubmitIssue] = useState<CustomTopUpIssue | null>(null);
  const check = checkCustomAmount(text);
  const issue = check.issue ?? submitIssue;

  /**
   * The field keeps what a custom amount allows (digits, one dot, two decimals) and is validated as kept:
   * what it shows and what it validates always agree. A refused keystroke (a letter, a third
   * decimal) just does not appear; it leaves no error behind for an amount that is fine.
   */
  const change = (value: string) => {
    setText(sanitizeAmountInput(value));
    setSubmitIssue(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = check.issue ?? topUpSubmissionIssue(check.cents);
    if (refused) {
      setSubmitIssue(refused);
      return;
    }
    onSubmit(check.cents!);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm">
      <div>
        <h3 className="text-lg font-semibold">{t('customAmount.title')}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t('customAmount.description')}</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="custom-top-up-amount" className="text-sm font-medium">
          {t('customAmount.label')}
        </label>
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
            $
          </span>
          <input
            id="custom-top-up-amount"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => change(event.target.value)}
            aria-invalid={issue ? true : undefined}
            aria-describedby={issue ? 'custom-top-up-error' : undefined}
            className="h-11 w-full rounded-lg border bg-background pr-3 pl-7 text-base tabular-nums aria-[invalid=true]:border-destructive sm:text-sm"
          />
        </div>
        {issue && (
          <p id="custom-top-up-error" role="alert" className="text-sm text-destructive">
            {t(`customAmount.errors.${issue}`)}
          </p>
        )}
      </div>
      <div role="group" aria-label={t('customAmount.quickAmounts')} className="flex flex-wrap gap-2">
        {CUSTOM_TOP_UP_QUICK_AMOUNTS.map((dollars) => (
          <button
            key={dollars}
            type="button"
            onClick={() => change(String(dollars))}
            aria-pressed={check.cents === dollars * 100}
            className={cn(
              'h-9 rounded-full border px-4 text-sm font-medium hover:bg-muted',
              check.cents === dollars * 100 && 'border-primary bg-primary/10 text-primary',
            )}
          >
            {formatCentsShort(dollars * 100)}
          </button>
        ))}
      </div>
      <Button type="submit" disabled={disabled || busy || issue !== null || !canSubmitCustomAmount(check)} aria-busy={busy || undefined}>
        {busy && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {busy
          ? t('customAmount.submitting')
          : check.cents && !check.issue
            ? t('customAmount.submit', { amount: formatCents(check.cents) })
            : t('customAmount.submitEmpty')}
      </Button>
    </form>
  );
}

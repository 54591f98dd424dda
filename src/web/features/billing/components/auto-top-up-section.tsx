import { CreditCard, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUTO_TOP_UP_AMOUNT_MAX_CENTS,
  AUTO_TOP_UP_AMOUNT_MIN_CENTS,
  AUTO_TOP_UP_MONTHLY_MAX_CENTS,
  AUTO_TOP_UP_THRESHOLD_MAX_CENTS,
  AUTO_TOP_UP_THRESHOLD_MIN_CENTS,
  autoTopUpProblems,
  type AutoTopUpFieldProblem,
  type AutoTopUpSettings,
} from '@shared/auto-top-up';
import { isAppError } from '@shared/errors';
import { formatCents, parseDollarsToCents, sanitizeAmountInput } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { useAutoTopUp } from '../api/get-auto-top-up';
import { useFinishAutoTopUp } from '../api/finish-auto-top-up';
import { useRemoveCard } from '../api/remove-card';
import { useSaveCard } from '../api/save-card';
import { useStartCardSetup } from '../api/start-card-setup';
import { useUpdateAutoTopUp } from '../api/update-auto-top-up';

const dollarsText = (cents: number | null, fallback: number) => ((cents ?? fallback) / 100).toFixed(2);

/** The words of each refusal code, with the bounds it names. */
const PROBLEM_LIMITS: Record<AutoTopUpFieldProblem['code'], Record<string, string>> = {
  threshold_too_low: { amount: formatCents(AUTO_TOP_UP_THRESHOLD_MIN_CENTS) },
  threshold_too_high: { amount: formatCents(AUTO_TOP_UP_THRESHOLD_MAX_CENTS) },
  amount_too_low: { amount: formatCents(AUTO_TOP_UP_AMOUNT_MIN_CENTS) },
  amount_too_high: { amount: formatCents(AUTO_TOP_UP_AMOUNT_MAX_CENTS) },
  monthly_max_below_amount: {},
  monthly_max_too_high: { amount: formatCents(AUTO_TOP_UP_MONTHLY_MAX_CENTS) },
  card_required: {},
};

/** The codes the server refused the settings with, if that is what the error is. */
function problemsOfError(error: unknown): AutoTopUpFieldProblem[] {
  if (!isAppError(error)) return [];
  const details = error.details as { auto_top_up?: unknown; details?: { auto_top_up?: unknown } } | undefined;
  const list = details?.auto_top_up ?? details?.details?.auto_top_up;
  return Array.isArray(list) ? (list as AutoTopUpFieldProblem[]) : [];
}

function AmountField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  problem: AutoTopUpFieldProblem | undefined;
}) {
  const { t } = useTranslation('billing');
  const { id, problem } = props;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground">
          $
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          onChange={(event) => props.onChange(sanitizeAmountInput(event.target.value))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          className="h-11 w-full rounded-lg border bg-background pr-3 pl-7 text-base tabular-nums aria-[invalid=true]:border-destructive sm:text-sm"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {props.hint}
      </p>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {t(`autoTopUp.problem.${problem.code}`, PROBLEM_LIMITS[problem.code])}
        </p>
      )}
    </div>
  );
}

function AutoTopUpForm({ settings }: { settings: AutoTopUpSettings }) {
  const { t } = useTranslation('billing');
  const ids = useId();
  const update = useUpdateAutoTopUp();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [threshold, setThreshold] = useState(dollarsText(settings.threshold_cents, 500));
  const [amount, setAmount] = useState(dollarsText(settings.amount_cents, 2000));
  const [monthlyMax, setMonthlyMax] = useState(dollarsText(settings.monthly_max_cents, 10000));
  const [saved, setSaved] = useState(false);
  const [shown, setShown] = useState<AutoTopUpFieldProblem[]>([]);
  const values = {
    threshold_cents: parseDollarsToCents(threshold) ?? 0,
    amount_cents: parseDollarsToCents(amount) ?? 0,
    monthly_max_cents: parseDollarsToCents(monthlyMax) ?? 0,
  };
  const problems = [...shown, ...problemsOfError(update.error)];
  const problemOf = (field: AutoTopUpFieldProblem['field']) => problems.find((p) => p.field === field);
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setSaved(false);
    setShown([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = enabled ? autoTopUpProblems(values) : [];
    setShown(found);
    if (found.length > 0) return;
    setSaved(false);
    update.mutate({ enabled, ...values }, { onSuccess: () => setSaved(true) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <label className="flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          checked={enabled}
          disabled={!settings.card}
          onChange={(event) => {
            setEnabled(event.target.checked);
            setSaved(false);
          }}
          className="h-5 w-5 rounded border"
        />
        {t('autoTopUp.enable')}
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <AmountField
          id={`${ids}-threshold`}
          label={t('autoTopUp.threshold')}
          hint={t('autoTopUp.thresholdHint')}
          value={threshold}
          onChange={edited(setThreshold)}
          problem={problemOf('threshold_cents')}
        />
        <AmountField
          id={`${ids}-amount`}
          label={t('autoTopUp.amount')}
          hint={t('autoTopUp.amountHint')}
          value={amount}
          onChange={edited(setAmount)}
          problem={problemOf('amount_cents')}
        />
        <AmountField
          id={`${ids}-monthly`}
          label={t('autoTopUp.monthlyMax')}
          hint={t('autoTopUp.thisMonth', { amount: formatCents(settings.this_month_cents) })}
          value={monthlyMax}
          onChange={edited(setMonthlyMax)}
          problem={problemOf('monthly_max_cents')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending || !settings.card} aria-busy={update.isPending || undefined}>
          {update.isPending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t('autoTopUp.save')}
        </Button>
        <span aria-live="polite" className="text-sm">
          {saved && <span className="text-emerald-700 dark:text-emerald-400">{t('autoTopUp.saved')}</span>}
          {update.isError && problemsOfError(update.error).length === 0 && (
            <span className="text-destructive">{t('autoTopUp.saveFailed')}</span>
          )}
        </span>
      </div>
    </form>
  );
}

function CardRow({ settings }: { settings: AutoTopUpSettings }) {
  const { t } = useTranslation('billing');
  const setup = useStartCardSetup();
  const remove = useRemoveCard();
  const startSetup = () => setup.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm">
        <CreditCard aria-hidden="true" className="h-5 w-5 text-muted-foreground" />
        {settings.card
          ? t('autoTopUp.card', { brand: settings.card.brand.toUpperCase(), last4: settings.card.last4 })
          : t('autoTopUp.noCard')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={startSetup} disabled={setup.isPending} aria-busy={setup.isPending || undefined}>
          {setup.isPending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {settings.card ? t('autoTopUp.replaceCard') : t('autoTopUp.saveCard')}
        </Button>
        {settings.card && (
          <Button
            type="button"
            variant="outline"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
          >
            {t('autoTopUp.removeCard')}
          </Button>
        )}
      </div>
      {(setup.isError || remove.isError) && (
        <p role="alert" className="text-sm text-destructive">
          {t('autoTopUp.cardFailed')}
        </p>
      )}
    </div>
  );
}

function Notices({ settings }: { settings: AutoTopUpSettings }) {
  const { t } = useTranslation('billing');
  const finish = useFinishAutoTopUp();
  const waiting = settings.needs_confirmation;
  return (
    <>
      {waiting && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-amber-500/50 bg-amber-50 p-4 text-sm dark:bg-amber-950/30"
        >
          <p className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {t('autoTopUp.needsConfirmation', { amount: formatCents(waiting.amount_cents) })}
          </p>
          <div>
            <Button
              type="button"
              onClick={() => finish.mutate(waiting.id, { onSuccess: ({ url }) => window.location.assign(url) })}
              disabled={finish.isPending}
              aria-busy={finish.isPending || undefined}
            >
              {t('autoTopUp.finishPayment')}
            </Button>
          </div>
          {finish.isError && <p className="text-destructive">{t('autoTopUp.finishFailed')}</p>}
        </div>
      )}
      {settings.off_reason === 'declined' && !settings.enabled && (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          {t('autoTopUp.declined')}
        </p>
      )}
      {settings.off_reason === 'card_removed' && !settings.enabled && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('autoTopUp.cardRemoved')}
        </p>
      )}
    </>
  );
}

/** Keeps the card a setup saved when the browser comes back with `?card_setup=…`, once. */
function useCardSetupReturn() {
  const save = useSaveCard();
  const done = useRef(false);
  useEffect(() => {
    const url = new URL(window.location.href);
    const setupId = url.searchParams.get('card_setup');
    if (!setupId || done.current) return;
    done.current = true;
    url.searchParams.delete('card_setup');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    save.mutate(setupId);
  }, [save]);
  return save;
}

/** "Auto top-up" on the Billing page: the saved card, the threshold, amount and monthly maximum. */
export function AutoTopUpSection() {
  const { t } = useTranslation('billing');
  const settings = useAutoTopUp();
  const saving = useCardSetupReturn();
  return (
    <section id="auto-top-up" aria-labelledby="auto-top-up-title" className="flex scroll-mt-20 flex-col gap-4">
      <h2 id="auto-top-up-title" className="text-xl font-semibold">
        {t('autoTopUp.title')}
      </h2>
      {(settings.isPending || saving.isPending) && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          {saving.isPending ? t('autoTopUp.savingCard') : t('autoTopUp.loading')}
        </p>
      )}
      {settings.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('autoTopUp.loadFailed')}
        </p>
      )}
      {saving.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('autoTopUp.cardNotSaved')}
        </p>
      )}
      {settings.data && (
        <div className="flex flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm">
          <p className="text-sm text-muted-foreground">{t('autoTopUp.description')}</p>
          {settings.data.test_mode && <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{t('autoTopUp.testMode')}</p>}
          <Notices settings={settings.data} />
          <CardRow settings={settings.data} />
          {/* A new card starts the form afresh; saving keeps it (and its "saved" note) in place. */}
          <AutoTopUpForm key={settings.data.card?.last4 ?? 'no-card'} settings={settings.data} />
        </div>
      )}
    </section>
  );
}

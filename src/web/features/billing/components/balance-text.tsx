import { useTranslation } from 'react-i18next';
import type { Balance } from '@shared/billing';
import { formatBalance, isLowBalance } from '@shared/money';
import { cn } from '@web/lib/cn';
import { useBalance } from '../api/get-balance';

interface BalanceAmountProps {
  balance: Balance | undefined;
  pending?: boolean;
  /** Prefixed by 'Balance:' as the navigation shows it. */
  label?: boolean;
  className?: string;
}

/**
 * The formatted balance in the spec's colours: green when the raw balance is negative
 * (credit), red otherwise — so a new account's $0.00 is red. Beside it, the free images left,
 * which is what a new account pays with first: "$0.00 · 3 free images left".
 */
export function BalanceAmount({ balance, pending = false, label = false, className }: BalanceAmountProps) {
  const { t } = useTranslation();
  const low = isLowBalance(balance?.balance);
  const free = balance?.freeGenerationsLeft ?? 0;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-1', className)}>
      {label && <span className="text-muted-foreground">{t('balance')}</span>}
      {pending ? (
        <span aria-hidden="true" className="inline-block h-4 w-12 animate-pulse rounded bg-muted" />
      ) : (
        <>
          <span
            className={cn('font-semibold tabular-nums', low ? 'text-destructive' : 'text-success')}
            data-balance-tone={low ? 'low' : 'credit'}
          >
            {balance?.formatted ?? formatBalance(balance?.balance)}
          </span>
          {free > 0 && (
            <span className="text-xs font-normal text-muted-foreground" data-testid="free-images-left">
              <span aria-hidden="true">· </span>
              {t('freeImagesLeft', { count: free })}
            </span>
          )}
        </>
      )}
    </span>
  );
}

/** The signed-in user's balance, fetched (only when signed in, see `enabled`). */
export function BalanceText({ label = false, enabled = true, className }: { label?: boolean; enabled?: boolean; className?: string }) {
  const { data, isPending } = useBalance({ enabled });
  return <BalanceAmount balance={data} pending={isPending && enabled} label={label} className={className} />;
}

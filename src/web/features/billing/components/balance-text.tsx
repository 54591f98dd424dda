import { useTranslation } from 'react-i18next';
import { formatBalance, isLowBalance } from '@shared/money';
import { cn } from '@web/lib/cn';
import { useBalance } from '../api/get-balance';

/**
 * The formatted balance (spec 3): green when the raw balance is negative (credit), red otherwise.
 * With `label`, prefixed by 'Balance:' as the navigation shows it.
 */
export function BalanceText({ label = false, enabled = true, className }: { label?: boolean; enabled?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useBalance({ enabled });
  const low = isLowBalance(data?.balance);
  return (
    <span className={cn('inline-flex items-baseline gap-1', className)}>
      {label && <span className="text-muted-foreground">{t('balance')}</span>}
      {isPending && enabled ? (
        <span aria-hidden="true" className="inline-block h-4 w-12 animate-pulse rounded bg-muted" />
      ) : (
        <span className={cn('font-semibold tabular-nums', low ? 'text-destructive' : 'text-success')} data-balance-tone={low ? 'low' : 'credit'}>
          {data?.formatted ?? formatBalance(data?.balance)}
        </span>
      )}
    </span>
  );
}

import { Gift, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatCents, isLowBalance } from '@shared/money';
import { cn } from '@web/lib/cn';
import type { Balance } from '@shared/billing';

/** The billing page's header: the balance and how many free images are left. */
export function BalanceHeader({ balance }: { balance: Balance | undefined }) {
  const { t } = useTranslation('billing');
  const { t: tCommon } = useTranslation();
  const low = isLowBalance(balance?.balance);
  const free = balance?.freeGenerationsLeft ?? 0;
  return (
    <div className="flex flex-col gap-4 rounded-2xl border bg-muted/50 p-6 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-4">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Wallet aria-hidden="true" className="h-6 w-6" />
        </span>
        <div>
          <p className="text-sm text-muted-foreground">{t('balance.current')}</p>
          <p
            className={cn('text-3xl font-bold tabular-nums', low ? 'text-destructive' : 'text-success')}
            data-testid="billing-balance"
            data-balance-tone={low ? 'low' : 'credit'}
          >
            {balance ? balance.formatted : formatBalance(undefined)}
          </p>
          {balance && balance.frozenCents > 0 && (
            <p className="text-sm text-destructive" data-testid="billing-frozen">
              {t('balance.frozen', { amount: formatCents(balance.frozenCents) })}
            </p>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2 text-sm">
        <Gift aria-hidden="true" className="h-4 w-4 text-primary" />
        <span>
          <span className="font-semibold">{tCommon('freeImagesLeft', { count: free })}</span>
          {free > 0 && <span className="block text-muted-foreground">{t('balance.freeImagesNote')}</span>}
        </span>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Transaction } from '@shared/billing';
import { paths } from '@shared/paths';

/**
 * What a usage line was for: the request's first words, the picture it made while the picture is
 * kept, and a link to its session while the session exists.
 */
export function UsageLineDetails({ usage }: { usage: Transaction['usage'] }) {
  const { t } = useTranslation('billing');
  if (!usage) return null;
  return (
    <div className="mt-1 flex items-center gap-2" data-testid="usage-details">
      {usage.thumbnail_url && (
        <img
          src={usage.thumbnail_url}
          alt=""
          loading="lazy"
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-md border object-cover"
        />
      )}
      <div className="min-w-0">
        {usage.prompt && <p className="truncate text-xs text-foreground/80">“{usage.prompt}”</p>}
        {usage.session_id && (
          <Link
            to={paths.session.getHref(usage.session_id)}
            className="text-xs font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('history.usage.openSession')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** A line paid only with free images reads "Free image" (not "-$0.00"); otherwise the signed amount. */
export function useAmountText(transaction: Transaction, credit: boolean): string {
  const { t } = useTranslation('billing');
  const free = transaction.usage?.free_images ?? 0;
  if (free > 0 && transaction.amount_formatted === '$0.00') return t('history.usage.freeImage', { count: free });
  const amount = `${credit ? '+' : '-'}${transaction.amount_formatted}`;
  return free > 0 ? t('history.usage.amountAndFree', { amount, count: free }) : amount;
}

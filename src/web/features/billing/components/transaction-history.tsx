import * as Tabs from '@radix-ui/react-tabs';
import { ArrowDownLeft, ArrowUpRight, LoaderCircle, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_PAGE_SIZE } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import type { HistoryKind, Transaction } from '@shared/billing';
import { useTransactionHistory } from '../api/get-transaction-history';
import { useEngineNames } from '@web/lib/engine-names';
import { useServerText } from '@web/lib/server-text';
import { HistoryExport } from './history-export';
import { UsageLineDetails, useAmountText } from './usage-line-details';

/** Money in (a top-up, a failed generation given back, credit from support) is green with a plus; the rest red with a minus. */
export function isCredit(transaction: Pick<Transaction, 'credit'>): boolean {
  return transaction.credit;
}

const TEXTS = {
  'top-ups': { failed: 'history.failedTopUps', emptyTitle: 'history.emptyTopUpsTitle', emptyText: 'history.emptyTopUpsText' },
  withdrawals: { failed: 'history.failedWithdrawals', emptyTitle: 'history.emptyUsageTitle', emptyText: 'history.emptyUsageText' },
} as const;

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation('billing');
  const { describe } = useEngineNames();
  const { word } = useServerText();
  const credit = isCredit(transaction);
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  const amountText = useAmountText(transaction, credit);
  const date = new Date(transaction.created * 1000).toLocaleString(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={cn(
          'flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
          credit ? 'bg-success/10 text-success' : 'bg-destructive/10 text-destructive',
        )}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {transaction.description_code ? word(transaction.description_code) : transaction.description}
        </p>
        {transaction.engine && (
          <p className="truncate text-xs text-muted-foreground" data-testid="transaction-engine">
            {t('history.engine', { engine: describe(transaction.engine) })}
          </p>
        )}
        <UsageLineDetails usage={transaction.usage} />
        <p className="text-xs text-muted-foreground">
          <time dateTime={new Date(transaction.created * 1000).toISOString()}>{date}</time>
        </p>
      </div>
      <div className="text-right">
        <p className={cn('text-sm font-semibold tabular-nums', credit ? 'text-success' : 'text-destructive')}>{amountText}</p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('history.balanceAfter', { balance: transaction.ending_balance_formatted })}
        </p>
      </div>
    </li>
  );
}

/** One tab: loading, error, empty or the list, with refresh and 'Load More' (+20). */
function HistoryPanel({ kind }: { kind: HistoryKind }) {
  const { t } = useTranslation('billing');
  const [limit, setLimit] = useState(HISTORY_PAGE_SIZE);
  const history = useTransactionHistory(kind, limit);
  const texts = TEXTS[kind];

  const refresh = (
    <Button variant="ghost" size="sm" onClick={() => void history.refetch()} disabled={history.isFetching}>
      <RefreshCw aria-hidden="true" className={cn('h-4 w-4', history.isFetching && 'animate-spin')} />
      {t('history.refresh')}
    </Button>
  );

  let body;
  if (history.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
        {t('history.loading')}
      </p>
    );
  } else if (history.isError && !history.data) {
    body = (
      <div role="alert" className="py-8 text-center">
        <p className="font-semibold text-destructive">{t(texts.failed)}</p>
        <p className="text-sm text-muted-foreground">{t('history.tryRefreshing')}</p>
      </div>
    );
  } else if (history.data.data.length === 0) {
    body = (
      <div className="py-8 text-center">
        <p className="font-semibold">{t(texts.emptyTitle)}</p>
        <p className="text-sm text-muted-foreground">{t(texts.emptyText)}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="divide-y">
          {history.data.data.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
        {history.data.has_more && (
          <Button
            variant="outline"
            className="mt-4 w-full"
            onClick={() => setLimit((current) => current + HISTORY_PAGE_SIZE)}
            disabled={history.isFetching}
          >
            {history.isPlaceholderData && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
            {t('history.loadMore')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div>
      <div className="flex justify-end">{refresh}</div>
      {body}
    </div>
  );
}

/** The Account screen's History: Top-ups (default) and Usage. */
export function TransactionHistory() {
  const { t } = useTranslation('billing');
  const tabClass =
    'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';
  return (
    <section aria-labelledby="history-title" className="rounded-2xl border bg-background p-6 shadow-sm">
      <h2 id="history-title" className="mb-4 text-xl font-semibold">
        {t('history.title')}
      </h2>
      <Tabs.Root defaultValue="top-ups">
        <Tabs.List aria-label={t('history.title')} className="flex gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="top-ups" className={tabClass}>
            {t('history.tabs.topUps')}
          </Tabs.Trigger>
          <Tabs.Trigger value="withdrawals" className={tabClass}>
            {t('history.tabs.usage')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="top-ups" className="mt-2">
          <HistoryPanel kind="top-ups" />
          <HistoryExport kind="top-ups" />
        </Tabs.Content>
        <Tabs.Content value="withdrawals" className="mt-2">
          <HistoryPanel kind="withdrawals" />
          <HistoryExport kind="withdrawals" />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

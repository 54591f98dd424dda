import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import type { HistoryState } from '../hooks/use-conversation';

/**
 * The row above the oldest message held: older messages on their way, the start of the
 * conversation, or a failed fetch with a retry. Its height never changes, so what the reader is
 * looking at stays put while the state changes above it.
 */
export function HistoryRow({ state, onRetry }: { state: HistoryState; onRetry: () => void }) {
  const { t } = useTranslation('studio');
  return (
    <li data-testid="history-row" data-state={state} className="flex h-9 items-center justify-center text-xs text-muted-foreground">
      {state === 'loading' && (
        <span role="status" className="flex items-center gap-2">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {t('history.loadingOlder')}
        </span>
      )}
      {state === 'start' && <span>{t('history.start')}</span>}
      {state === 'failed' && (
        <span className="flex items-center gap-2">
          {t('history.loadFailed')}
          <Button variant="outline" size="sm" className="h-7" onClick={onRetry}>
            {t('history.retry')}
          </Button>
        </span>
      )}
    </li>
  );
}

import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import type { NewerState } from '../hooks/use-conversation';

/**
 * The row after the newest message of a window opened at an old message: later messages on their
 * way, or a failed fetch with a retry. Newer pages are asked for as the reader comes near it.
 */
export function NewerRow({ state, onRetry }: { state: NewerState; onRetry: () => void }) {
  const { t } = useTranslation('studio');
  return (
    <li data-testid="newer-row" data-state={state} className="flex h-9 items-center justify-center text-xs text-muted-foreground">
      {state === 'loading' && (
        <span role="status" className="flex items-center gap-2">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {t('jump.loadingNewer')}
        </span>
      )}
      {state === 'failed' && (
        <span className="flex items-center gap-2">
          {t('jump.newerFailed')}
          <Button variant="outline" size="sm" className="h-7" onClick={onRetry}>
            {t('jump.retry')}
          </Button>
        </span>
      )}
    </li>
  );
}

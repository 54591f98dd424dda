import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import type { SessionStatus } from '@shared/studio';

const tones: Record<SessionStatus, string> = {
  idle: 'bg-muted text-muted-foreground',
  processing: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  completed: 'bg-green-100 text-success dark:bg-green-950',
  error: 'bg-red-100 text-destructive dark:bg-red-950',
};

/** Spec section 4: idle 'Ready', processing 'Processing', completed 'Complete', error 'Error'. */
export function StatusBadge({ status }: { status: SessionStatus }) {
  const { t } = useTranslation('studio');
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium', tones[status])}>
      {status === 'processing' && <span className="mr-1.5 size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />}
      {t(`session.status.${status}`)}
    </span>
  );
}

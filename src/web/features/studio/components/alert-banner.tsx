import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** An error the screen could not recover from by itself, announced to screen readers. */
export function AlertBanner({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-center gap-3 rounded-lg border border-destructive/30 bg-red-50 px-4 dark:bg-red-950/60 py-3 text-sm text-destructive"
    >
      <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{children}</span>
      {action}
    </div>
  );
}

import { ImagePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SKELETON_ITEM_COUNT } from '@shared/constants';

/** Skeleton columns 2/3/4/5 and content columns 2/3/4/6 by breakpoint. */
export const skeletonGridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 md:gap-4';
export const contentGridClasses = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 md:gap-4';

export function SkeletonGrid({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className={skeletonGridClasses}>
      {Array.from({ length: SKELETON_ITEM_COUNT }, (_, index) => (
        <div key={index} className="aspect-square animate-pulse rounded-xl bg-muted" />
      ))}
    </div>
  );
}

export function SectionError({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('library');
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4">
      <p className="font-semibold text-destructive">{t('errorLoading', { title })}</p>
      <p className="mt-1 text-sm text-muted-foreground">{message}</p>
    </div>
  );
}

export function EmptyState({ message, action }: { message: string; action: ReactNode }) {
  const { t } = useTranslation('library');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
      <ImagePlus className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">{t('empty.title')}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{message}</p>
      {action}
    </div>
  );
}

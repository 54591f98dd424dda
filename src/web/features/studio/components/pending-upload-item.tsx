import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { uploadBadge, type PendingUpload, type UploadBadge } from '../lib/pending-upload';

const badgeTones: Record<UploadBadge, string> = {
  waiting: 'bg-muted text-muted-foreground',
  processing: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  ready: 'bg-green-100 text-success dark:bg-green-950',
  failed: 'bg-red-100 text-destructive dark:bg-red-950',
};

/** A picked photo in the composer with its state. */
export function PendingUploadItem({ item, onRemove }: { item: PendingUpload; onRemove: (id: string) => void }) {
  const { t } = useTranslation('studio');
  const badge = uploadBadge(item);
  const problem = item.error ?? (item.result === 'rejected' ? t('composer.notAllowed') : null);
  return (
    <li className="flex w-24 shrink-0 flex-col gap-1" data-upload-state={badge}>
      <div
        className={cn(
          'relative size-24 overflow-hidden rounded-lg border-2',
          badge === 'ready' ? 'border-success' : badge === 'failed' ? 'border-destructive' : 'border-transparent',
        )}
      >
        <img src={item.preview} alt={item.file.name} className={cn('size-full object-cover', badge === 'failed' && 'opacity-50')} />
        <span className={cn('absolute bottom-1 left-1 rounded px-1.5 py-0.5 text-[10px] font-medium', badgeTones[badge])}>
          {t(`composer.badge.${badge}`)}
        </span>
        <button
          type="button"
          onClick={() => onRemove(item.id)}
          aria-label={t('composer.remove', { name: item.file.name })}
          className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      </div>
      {problem && <p className="text-[11px] leading-tight text-destructive">{problem}</p>}
    </li>
  );
}

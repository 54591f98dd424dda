import { useTranslation } from 'react-i18next';

/** "Working": a reply is being made in this session. */
export function WorkingBadge() {
  const { t } = useTranslation('studio');
  return (
    <span
      className="mr-1.5 inline-flex items-center gap-1 rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900"
      data-testid="working-badge"
    >
      <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
      {t('progress.working')}
    </span>
  );
}

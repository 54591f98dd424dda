import { MoveLeft, MoveRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** Previous and next page of a list paged by the server, with where the operator is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 pt-3 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <MoveLeft className="h-4 w-4" aria-hidden="true" />
        {t('pager.previous')}
      </Button>
      <span className="text-muted-foreground">{t('pager.position', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
        <MoveRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

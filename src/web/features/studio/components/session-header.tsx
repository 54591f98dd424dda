import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowLeft, EllipsisVertical, Images, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import type { SessionStatus } from '@shared/studio';
import { StatusBadge } from './status-badge';

interface SessionHeaderProps {
  title: string;
  status: SessionStatus;
  backHref?: string;
  /** Absent for a session not created yet: nothing to rename or delete. */
  onRename?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

/** The chat-mode header: 'Sessions' back button, name with status badge, 'More options'. */
export function SessionHeader({ title, status, backHref = paths.studio.getHref(), onRename, onDelete }: SessionHeaderProps) {
  const { t } = useTranslation('studio');
  return (
    <header className="flex items-center gap-2 border-b bg-background px-2 py-2 sm:px-4">
      <Link to={backHref} className={buttonClasses('ghost', 'sm', 'shrink-0 px-2')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('session.back')}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col items-center text-center">
        <h1 className="max-w-full truncate text-base font-semibold">{title}</h1>
        <StatusBadge status={status} />
      </div>
      <SessionMenu onRename={onRename} onDelete={onDelete} />
    </header>
  );
}

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none focus-ring-inset data-[highlighted]:bg-muted';

function SessionMenu({ onRename, onDelete }: Pick<SessionHeaderProps, 'onRename' | 'onDelete'>) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  // Not modal: a dialog opened from an item must get the focus and pointer once the menu closes.
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses('ghost', 'icon', 'shrink-0')} aria-label={t('session.moreOptions')}>
        <EllipsisVertical className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border bg-background p-1 shadow-lg">
          {onRename && (
            <DropdownMenu.Item className={itemClasses} onSelect={onRename}>
              <Pencil className="size-4" aria-hidden="true" />
              {t('session.menu.rename')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClasses} onSelect={() => void navigate(paths.library.getHref())}>
            <Images className="size-4" aria-hidden="true" />
            {t('session.menu.openLibrary')}
          </DropdownMenu.Item>
          {onDelete && (
            <DropdownMenu.Item
              className={`${itemClasses} text-destructive data-[highlighted]:bg-red-50 dark:data-[highlighted]:bg-red-950`}
              onSelect={onDelete}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('session.menu.delete')}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import type { SessionSummary } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { SessionThumbnail } from './session-thumbnail';
import { WorkingBadge } from './working-badge';

interface SessionCardProps {
  session: SessionSummary;
  /** A reply is being made in it. */
  working?: boolean;
  onRename: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
}

export function SessionCard({ session, onRename, onDelete, working = false }: SessionCardProps) {
  const { t, i18n } = useTranslation('studio');
  const title = session.session_name?.trim() || t('sessions.untitled');
  const updated = new Date(session.updated_at);
  return (
    <li className="group focus-ring-card relative flex flex-col overflow-hidden rounded-xl border bg-background shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <SessionThumbnail thumbnails={session.thumbnails} />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="truncate text-sm font-semibold">
          {/* The link's box covers the card, so the whole card opens the session. */}
          <Link
            to={paths.session.getHref(session.id, session.matched_message_id)}
            data-card-link
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {title}
          </Link>
        </h2>
        <p className="text-xs text-muted-foreground">
          {working && <WorkingBadge />}
          {t('sessions.messageCount', { count: session.total_messages })}
          {' · '}
          <time dateTime={session.updated_at}>{Number.isNaN(updated.getTime()) ? '' : updated.toLocaleDateString(i18n.language)}</time>
        </p>
      </div>
      <div className="absolute top-2 right-2 z-10 flex gap-1 opacity-100 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
        <Button
          variant="secondary"
          size="icon"
          className="size-8 bg-background/90 shadow"
          aria-label={t('sessions.renameAction', { name: title })}
          onClick={() => onRename(session)}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          className="size-8 bg-background/90 text-destructive shadow"
          aria-label={t('sessions.deleteAction', { name: title })}
          onClick={() => onDelete(session)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

export function SessionCardSkeleton() {
  return (
    <li className="flex animate-pulse flex-col overflow-hidden rounded-xl border" aria-hidden="true" data-testid="session-skeleton">
      <div className="aspect-square bg-muted" />
      <div className="flex flex-col gap-2 p-3">
        <div className="h-4 w-2/3 rounded bg-muted" />
        <div className="h-3 w-1/3 rounded bg-muted" />
      </div>
    </li>
  );
}

import { ImagePlus, Plus, Type } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@shared/paths';
import type { SessionSummary } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { useFocusReturn } from '@web/lib/use-focus-return';
import { sessionsOf, useSessions } from '../api/get-sessions';
import { useSessionSearch } from '../api/search-sessions';
import { useWorkingSessions } from '../api/get-working-sessions';
import { AlertBanner } from './alert-banner';
import { DeleteSessionDialog } from './delete-session-dialog';
import { RenameSessionDialog, type RenameTarget } from './rename-session-dialog';
import { SessionCard, SessionCardSkeleton } from './session-card';
import { SessionSearchField } from './session-search-field';

/** Spec section 2: three skeleton cards while the list loads. */
const SKELETON_CARDS = 3;

/** The sessions list, shown as Studio. */
export function SessionsList() {
  const { t } = useTranslation('studio');
  const [params, setParams] = useSearchParams();
  const searchText = params.get('q')?.trim() ?? '';
  const searching = searchText !== '';
  const everySession = useSessions();
  const found = useSessionSearch(searchText);
  const sessions = searching ? found : everySession;
  const setSearchText = (text: string) => setParams(text === '' ? {} : { q: text }, { replace: true });
  const [renameTarget, setRenameTarget] = useState<RenameTarget | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<string | null>(null);
  const list = sessionsOf(sessions.data);
  const working = useWorkingSessions();
  const workingIds = new Set(working.data?.sessions.map((session) => session.session_id));
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = sessions;

  // The next page loads as the end of the list comes near the viewport (infinite scroll).
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Focus goes back to the card's button after a rename (or to the card), and after a delete to the
  // card that took its place, else the previous one, else "Start new chat" — chosen when the dialog
  // opens, and the deleted card's button is never a target once the delete has succeeded. A delete
  // that fails (the card comes back) or is cancelled returns to that button.
  const renameFocus = useFocusReturn();
  const deleteFocus = useFocusReturn();
  const cardLinkOf = (sessionId: string) => () =>
    document.querySelector<HTMLElement>(`a[data-card-link][href^="${paths.session.getHref(sessionId)}"]`);
  const neighbourLinks = (sessionId: string) => {
    const index = list.findIndex((session) => session.id === sessionId);
    const next = list[index + 1];
    const previous = list[index - 1];
    return [next && cardLinkOf(next.id), previous && cardLinkOf(previous.id), () => newChatLink.current].filter(
      (target) => target !== undefined,
    );
  };
  const newChatLink = useRef<HTMLAnchorElement>(null);
  const startRename = (session: SessionSummary) => {
    renameFocus.noteOpener(cardLinkOf(session.id));
    setRenameTarget({ id: session.id, name: session.session_name ?? '' });
  };
  const startDelete = (session: SessionSummary) => {
    deleteFocus.noteOpener(...neighbourLinks(session.id));
    setDeleteTarget(session.id);
  };

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('sessions.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('sessions.subtitle')}</p>
        </div>
        <SessionSearchField value={searchText} onSearch={setSearchText} />
      </header>
      {searching && sessions.isSuccess && (
        <p role="status" className="mb-4 text-sm text-muted-foreground">
          {list.length === 0 ? t('sessionSearch.noResults', { query: searchText }) : t('sessionSearch.results', { query: searchText })}
        </p>
      )}

      {sessions.isError && (
        <div className="mb-6">
          <AlertBanner
            action={
              <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
                {t('sessions.retry')}
              </Button>
            }
          >
            {t('sessions.loadFailed')}
          </AlertBanner>
        </div>
      )}

      {sessions.isPending && (
        <span className="sr-only" role="status">
          {t('sessions.loading')}
        </span>
      )}
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy={sessions.isPending}>
        {!searching && (
          <li className="flex">
            <Link
              ref={newChatLink}
              to={paths.newSession.getHref()}
              className="flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center transition-colors hover:border-primary hover:bg-muted"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Plus className="size-6" aria-hidden="true" />
              </span>
              <span className="font-semibold">{t('sessions.startNewChat')}</span>
              <span className="text-xs text-muted-foreground">{t('sessions.startNewChatHint')}</span>
            </Link>
          </li>
        )}
        {sessions.isPending
          ? Array.from({ length: SKELETON_CARDS }, (_, index) => <SessionCardSkeleton key={index} />)
          : list.map((session) => (
              <SessionCard
                key={session.id}
                session={session}
                working={workingIds.has(session.id)}
                onRename={startRename}
                onDelete={startDelete}
              />
            ))}
      </ul>

      <div ref={end} aria-hidden="true" />
      {isFetchingNextPage && (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <SessionCardSkeleton key={index} />
          ))}
        </ul>
      )}

      {!searching && sessions.isSuccess && list.length === 0 && <EmptyState />}

      <RenameSessionDialog
        target={renameTarget}
        onOpenChange={(open) => !open && setRenameTarget(null)}
        onCloseAutoFocus={renameFocus.onCloseAutoFocus}
      />
      <DeleteSessionDialog
        sessionId={deleteTarget}
        onOpenChange={(open) => !open && setDeleteTarget(null)}
        onDeleted={deleteFocus.forgetOpener}
        onCloseAutoFocus={deleteFocus.onCloseAutoFocus}
      />
    </main>
  );
}

function EmptyState() {
  const { t } = useTranslation('studio');
  const tiles = [
    { icon: ImagePlus, title: t('sessions.empty.uploadEdit'), hint: t('sessions.empty.uploadEditHint') },
    { icon: Type, title: t('sessions.empty.textToImage'), hint: t('sessions.empty.textToImageHint') },
  ];
  return (
    <section className="mt-10 flex flex-col items-center gap-4 text-center" aria-labelledby="sessions-empty-title">
      <h2 id="sessions-empty-title" className="text-lg font-semibold">
        {t('sessions.empty.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('sessions.empty.description')}</p>
      <div className="grid w-full max-w-xl gap-4 sm:grid-cols-2">
        {tiles.map(({ icon: Icon, title, hint }) => (
          <Link
            key={title}
            to={paths.newSession.getHref()}
            className="flex flex-col items-center gap-2 rounded-xl border p-6 transition-colors hover:border-primary hover:bg-muted"
          >
            <Icon className="size-8 text-primary" aria-hidden="true" />
            <span className="font-semibold">{title}</span>
            <span className="text-xs text-muted-foreground">{hint}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

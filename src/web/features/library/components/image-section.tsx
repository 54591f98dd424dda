import * as Collapsible from '@radix-ui/react-collapsible';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronDown, Plus, Sparkles, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import type { UserFile } from '@shared/studio';
import { buttonClasses } from '@web/components/ui/button';
import { useErrorText } from '@web/lib/server-text';
import { userFilesQuery, type ImageKind, type LibraryScope } from '../api/get-user-files';
import { ImageCard } from './image-card';
import { contentGridClasses, EmptyState, SectionError, SkeletonGrid } from './library-states';

export interface ImageSectionProps {
  kind: ImageKind;
  title: string;
  userId: string;
  onOpen: (image: UserFile) => void;
  onDownload: (image: UserFile) => void;
  onDelete?: (image: UserFile) => void;
}

function GenerateNewTile() {
  const { t } = useTranslation('library');
  return (
    <Link
      to={paths.studio.getHref()}
      className="flex aspect-square flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-3 text-center text-sm font-medium text-muted-foreground transition-colors hover:border-primary hover:text-primary"
    >
      <Plus className="h-8 w-8" aria-hidden="true" />
      {t('generateNew')}
    </Link>
  );
}

function EmptySection({ kind }: { kind: ImageKind }) {
  const { t } = useTranslation('library');
  if (kind === 'generated') {
    return (
      <EmptyState
        message={t('empty.generatedMessage')}
        action={
          <Link to={paths.studio.getHref()} className={buttonClasses('primary')}>
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            {t('empty.generateFirst')}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      message={t('empty.uploadedMessage')}
      action={
        <Link to={paths.newSession.getHref()} className={buttonClasses('outline')}>
          <SquarePen className="h-4 w-4" aria-hidden="true" />
          {t('empty.uploadedAction')}
        </Link>
      }
    />
  );
}

/**
 * One collapsible library section: the first page of 12, or up to the
 * view-all limit once asked for.
 */
export function ImageSection({ kind, title, userId, onOpen, onDownload, onDelete }: ImageSectionProps) {
  const { t } = useTranslation('library');
  const errorText = useErrorText();
  const [open, setOpen] = useState(true);
  const [scope, setScope] = useState<LibraryScope>('limit-12');
  // Keeps the first page on screen while the longer list loads.
  const { data, error, isPending, isError } = useQuery({ ...userFilesQuery(kind, userId, scope), placeholderData: keepPreviousData });
  const headingId = `library-${kind}-heading`;
  const viewAllLabel = title.includes('Upload') ? t('viewAllUploads') : t('viewAllGenerations');

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold">
            <Collapsible.Trigger className="group inline-flex items-center gap-2 rounded-lg">
              {title}
              <ChevronDown className="h-5 w-5 transition-transform group-data-[state=closed]:-rotate-90" aria-hidden="true" />
            </Collapsible.Trigger>
          </h2>
          <div className="flex items-center gap-3">
            {data && <span className="text-sm text-muted-foreground">{t('imageCount', { count: data.total })}</span>}
            {open && scope === 'limit-12' && data?.hasMore && (
              <button type="button" onClick={() => setScope('all')} className={buttonClasses('ghost', 'sm', 'text-primary')}>
                {viewAllLabel}
              </button>
            )}
          </div>
        </div>
        <Collapsible.Content>
          {isPending ? (
            <SkeletonGrid label={t('loadingSection', { title })} />
          ) : isError ? (
            <SectionError title={title} message={errorText(error)} />
          ) : data.images.length === 0 ? (
            <EmptySection kind={kind} />
          ) : (
            <ul className={contentGridClasses}>
              {data.images.map((image) => (
                <li key={image.id}>
                  <ImageCard image={image} onOpen={onOpen} onDownload={onDownload} onDelete={onDelete} />
                </li>
              ))}
              {kind === 'generated' && (
                <li>
                  <GenerateNewTile />
                </li>
              )}
            </ul>
          )}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}

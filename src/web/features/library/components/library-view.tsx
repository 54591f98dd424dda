import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { UserFile } from '@shared/studio';
import { useDeleteGeneratedImage } from '../api/delete-generated-image';
import { useUserFile } from '../api/get-user-file';
import { useImageDownload } from '../use-image-download';
import { DeleteImageDialog } from './delete-image-dialog';
import { ImagePreviewDialog } from './image-preview-dialog';
import { ImageSection } from './image-section';
import { useErrorText } from '@web/lib/server-text';
import type { FocusTarget } from '@web/lib/focus-return';
import { pageHeading } from '@web/lib/route-focus';
import { useFocusReturn } from '@web/lib/use-focus-return';

/** A card's preview button, found again after a refetch re-rendered the card. */
const cardButton = (imageId: string | null | undefined) => () =>
  imageId ? document.querySelector<HTMLElement>(`[data-image-id="${CSS.escape(imageId)}"] button`) : null;

/** Where focus goes when a deleted image's card leaves the list: the next card, the previous one, else the page's heading. */
function neighboursOf(imageId: string): FocusTarget[] {
  const item = document.querySelector(`[data-image-id="${CSS.escape(imageId)}"]`)?.closest('li');
  const buttonIn = (element: Element | null | undefined) => element?.querySelector<HTMLElement>('[data-image-id] button') ?? null;
  return [buttonIn(item?.nextElementSibling), buttonIn(item?.previousElementSibling), pageHeading];
}

/** The library screen: uploaded and generated images of the signed-in user. */
export function LibraryView({ userId }: { userId: string }) {
  const { t } = useTranslation('library');
  const [params, setParams] = useSearchParams();
  // /library?image=<id> (a chat's 'Open in Library') opens that image's preview.
  const linked = useUserFile(params.get('image'));
  const [previewedHere, setPreviewed] = useState<UserFile | null>(null);
  const previewed = previewedHere ?? linked.data ?? null;
  // Still known once the preview has closed, when focus goes back to its card.
  const [lastPreviewedId, setLastPreviewedId] = useState<string | null>(null);
  if (previewed && previewed.id !== lastPreviewedId) setLastPreviewedId(previewed.id);
  const closePreview = () => {
    setPreviewed(null);
    if (params.has('image')) setParams({}, { replace: true });
  };
  const [deleting, setDeleting] = useState<UserFile | null>(null);
  const previewFocus = useFocusReturn();
  const deleteFocus = useFocusReturn();
  const openPreview = (image: UserFile) => {
    previewFocus.noteOpener();
    setPreviewed(image);
  };
  const askToDelete = (image: UserFile) => {
    deleteFocus.noteOpener(...neighboursOf(image.id));
    setDeleting(image);
  };
  const download = useImageDownload();
  const deleteImage = useDeleteGeneratedImage(userId);
  const errorText = useErrorText();

  const confirmDelete = () => {
    if (!deleting) return;
    deleteImage.mutate(deleting.id, {
      onSuccess: () => {
        deleteFocus.forgetOpener();
        toast.success(t('delete.deleted'));
      },
      onError: (error) => toast.error(t('delete.failed'), { description: errorText(error) || t('delete.defaultError') }),
      onSettled: () => setDeleting(null),
    });
  };

  const onDownload = (image: UserFile) => void download(image);

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-6 md:px-6 md:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('subtitle')}</p>
      </div>
      <ImageSection kind="uploaded" title={t('sections.uploaded')} userId={userId} onOpen={openPreview} onDownload={onDownload} />
      <ImageSection
        kind="generated"
        title={t('sections.generated')}
        userId={userId}
        onOpen={openPreview}
        onDownload={onDownload}
        onDelete={askToDelete}
      />
      <ImagePreviewDialog
        image={previewed}
        onClose={closePreview}
        onDownload={onDownload}
        // Opened from a chat's link there is no opener: the image's card, else the heading.
        onCloseAutoFocus={(event) => previewFocus.onCloseAutoFocus(event, cardButton(lastPreviewedId), pageHeading)}
      />
      <DeleteImageDialog
        open={deleting !== null}
        deleting={deleteImage.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        onCloseAutoFocus={deleteFocus.onCloseAutoFocus}
      />
    </main>
  );
}

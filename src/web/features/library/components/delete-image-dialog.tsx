import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@web/components/ui/button';

/** The confirmation for deleting a generated image. */
export function DeleteImageDialog({
  open,
  deleting,
  description,
  onCancel,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  deleting: boolean;
  description?: string;
  onCancel: () => void;
  onConfirm: () => void;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const { t } = useTranslation('library');
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !deleting && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-background p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            {description ?? t('delete.description')}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')} disabled={deleting}>
              {t('delete.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses('destructive')}
              disabled={deleting}
              onClick={(event) => {
                // The dialog stays until the server answered, showing 'Deleting...'.
                event.preventDefault();
                onConfirm();
              }}
            >
              {deleting ? t('delete.deleting') : t('delete.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

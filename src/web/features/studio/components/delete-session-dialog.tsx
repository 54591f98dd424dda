import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isAppError } from '@shared/errors';
import { Button } from '@web/components/ui/button';
import { useDeleteSession } from '../api/delete-session';

const AUTH_CODES = new Set(['UNAUTHORIZED', 'TOKEN_EXPIRED', 'AUTH_ERROR']);

interface DeleteSessionDialogProps {
  sessionId: string | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
  /** Where focus goes when it closes (by default, the element focused before it opened). */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

/** The delete confirmation ('Delete Session' / 'Cancel' / 'Deleting...'). */
export function DeleteSessionDialog({ sessionId, onOpenChange, onDeleted, onCloseAutoFocus }: DeleteSessionDialogProps) {
  const { t } = useTranslation('studio');
  const deletion = useDeleteSession();
  const busy = deletion.isPending;

  const confirm = () => {
    if (!sessionId) return;
    deletion.mutate(sessionId, {
      onSuccess: () => {
        toast.success(t('delete.done'));
        // Before the close, so whoever returns focus on close knows the session's controls are gone.
        onDeleted?.();
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error(isAppError(error) && AUTH_CODES.has(error.code) ? t('delete.authRequired') : t('delete.failed'));
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog.Root open={sessionId !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-background p-6 shadow-xl"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <AlertDialog.Title className="text-lg font-semibold">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">{t('delete.description')}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {t('delete.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={busy} onClick={confirm}>
              {busy ? t('delete.busy') : t('delete.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

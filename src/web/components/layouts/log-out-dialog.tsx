import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@web/components/ui/button';
import { usePublicConfig } from '@web/lib/public-config';
import { useFocusReturnWhenOpen } from '@web/lib/use-focus-return';

/** 'Log out of {product}?' — the More sheet asks before signing out. */
export function LogOutDialog({
  open,
  onOpenChange,
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('navigation');
  const { appName } = usePublicConfig();
  const focusReturn = useFocusReturnWhenOpen(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <AlertDialog.Content
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-[60] w-[min(24rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-background p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">{t('logOutConfirm.title', { product: appName })}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">{t('logOutConfirm.description')}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')} disabled={busy}>
              {t('logOutConfirm.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses('destructive')}
              disabled={busy}
              onClick={(event) => {
                // Stay open until the server has ended the session.
                event.preventDefault();
                onConfirm();
              }}
            >
              {t('logOutConfirm.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

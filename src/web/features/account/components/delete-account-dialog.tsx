import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { useErrorText } from '@web/lib/server-text';
import { useFocusReturnWhenOpen } from '@web/lib/use-focus-return';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountDeletionInfo } from '../api/get-account-deletion-info';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account is gone and every session with it: the app forgets the user. */
  onDeleted: () => void;
}

const inputClasses =
  'mt-1 w-full rounded-md border bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-destructive';

/**
 * The destructive confirmation (decision 016): what is deleted, a positive balance with the refund
 * policy, then the password — or the e-mail address typed out for an account without one.
 */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const { t } = useTranslation('account');
  const info = useAccountDeletionInfo(open);
  const deletion = useDeleteAccount();
  const errorText = useErrorText();
  const [secret, setSecret] = useState('');
  const inputId = useId();
  const busy = deletion.isPending;
  const account = info.data;
  const focusReturn = useFocusReturnWhenOpen(open);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setSecret('');
      deletion.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!account || secret.trim() === '') return;
    deletion.mutate(account.hasPassword ? { password: secret } : { email: secret }, { onSuccess: onDeleted });
  };

  const error = deletion.error ? (isAppError(deletion.error) ? errorText(deletion.error) : t('delete.failed')) : null;

  return (
    <AlertDialog.Root open={open} onOpenChange={close}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border-2 border-destructive/40 bg-background p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-destructive">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">{t('delete.description')}</AlertDialog.Description>
          {info.isPending && <p className="mt-4 text-sm text-muted-foreground">{t('delete.loading')}</p>}
          {info.isError && <p className="mt-4 text-sm text-destructive">{t('delete.loadFailed')}</p>}
          {account && (
            <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
              {account.availableCents > 0 && (
                <div className="rounded-lg bg-destructive/10 p-3 text-sm" data-testid="delete-account-balance">
                  <p className="font-medium">{t('delete.balance', { amount: formatCents(account.availableCents) })}</p>
                  <p className="mt-1 text-muted-foreground">
                    <Trans
                      t={t}
                      i18nKey="delete.refundPolicy"
                      components={{
                        policy: <Link to={paths.refund.getHref()} className="font-medium text-primary underline underline-offset-4" />,
                      }}
                    />
                  </p>
                </div>
              )}
              <div>
                <label htmlFor={inputId} className="text-sm font-medium">
                  {account.hasPassword ? t('delete.passwordLabel') : t('delete.emailLabel', { email: account.email })}
                </label>
                <input
                  id={inputId}
                  type={account.hasPassword ? 'password' : 'email'}
                  autoComplete={account.hasPassword ? 'current-password' : 'off'}
                  value={secret}
                  onChange={(event) => setSecret(event.target.value)}
                  disabled={busy}
                  className={inputClasses}
                  aria-invalid={error !== null}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error && (
                  <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-destructive">
                    {error}
                  </p>
                )}
              </div>
              <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel asChild>
                  <Button variant="outline" disabled={busy}>
                    {t('delete.cancel')}
                  </Button>
                </AlertDialog.Cancel>
                <Button type="submit" variant="destructive" disabled={busy || secret.trim() === ''}>
                  {busy ? t('delete.busy') : t('delete.confirm')}
                </Button>
              </div>
            </form>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

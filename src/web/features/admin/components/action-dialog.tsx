import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH, type AdminAction, type AdminActionResult } from '@shared/admin';
import { Button } from '@web/components/ui/button';
import { useErrorText } from '@web/lib/server-text';
import { pageHeading } from '@web/lib/route-focus';
import { useFocusReturnWhenOpen } from '@web/lib/use-focus-return';
import { refusalText } from '../lib/refusal-text';
import { newRequestId } from '../lib/request-id';

export const fieldClasses = 'mt-1 w-full rounded-md border bg-background px-3 py-2 text-sm';

export interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The action's own fields (an amount, a count), above the reason. */
  children?: ReactNode;
  /** Whether those fields are filled in well enough to submit. */
  ready?: boolean;
  successText: string;
  onConfirm: (action: AdminAction) => Promise<AdminActionResult>;
}

/**
 * Every operator action asks for a reason (stored in the audit log) and confirms. The request id
 * is made when the dialog opens and kept until the action succeeds, so a double click, or a
 * submit repeated after an error that was only a lost answer, does the action once.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { open, onOpenChange } = props;
  // A fresh form (and request id) each time the dialog opens.
  const [opened, setOpened] = useState(0);
  // The dialogs open from a button's click, and the action may take that button away: Disable
  // becomes Enable in its place, Take credit turns off at a zero balance. Then the button now in
  // its place takes focus, else the first one beside it that is on.
  const focusReturn = useFocusReturnWhenOpen(open, (opener) => {
    const group = opener?.parentElement;
    const place = group ? Array.prototype.indexOf.call(group.children, opener) : -1;
    return [
      () => (group?.children[place] as HTMLElement | undefined) ?? null,
      () => group?.querySelector<HTMLElement>('button:not(:disabled)'),
      pageHeading,
    ];
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setOpened((count) => count + 1);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => focusReturn.onCloseAutoFocus(event)}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl"
        >
          <ActionForm key={opened} {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ActionForm({
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  children,
  ready = true,
  successText,
  onConfirm,
}: ActionDialogProps) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const errorId = useId();
  const reasonOk = reason.trim().length >= ADMIN_REASON_MIN_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reasonOk) {
      setError(t('actions.reasonRequired', { count: ADMIN_REASON_MIN_LENGTH }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await onConfirm({ requestId, reason: reason.trim() });
      toast.success(result.repeated ? t('actions.repeated') : successText);
      onOpenChange(false);
    } catch (failure) {
      setError(refusalText(t, failure, errorText));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <div>
        <Dialog.Title className={destructive ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>{title}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
      </div>
      {children}
      <div>
        <label htmlFor={reasonId} className="text-sm font-medium">
          {t('actions.reason')}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={ADMIN_REASON_MAX_LENGTH}
          rows={3}
          required
          disabled={busy}
          placeholder={t('actions.reasonPlaceholder')}
          aria-invalid={error !== null && !reasonOk}
          aria-describedby={error ? errorId : undefined}
          className={fieldClasses}
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={busy}>
            {t('actions.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={busy || !ready}>
          {busy ? t('actions.working') : confirmLabel}
        </Button>
      </div>
    </form>
  );
}

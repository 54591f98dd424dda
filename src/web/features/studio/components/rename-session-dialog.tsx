import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { sessionNameSchema } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { useErrorText } from '@web/lib/server-text';
import { useRenameSession } from '../api/rename-session';

const SESSION_NAME_MAX_LENGTH = 100;

export interface RenameTarget {
  id: string;
  name: string;
}

interface RenameSessionDialogProps {
  target: RenameTarget | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (by default, the element focused before it opened). */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}

/** Renames a session from the sessions list or the session header. */
export function RenameSessionDialog({ target, onOpenChange, onCloseAutoFocus }: RenameSessionDialogProps) {
  const { t } = useTranslation('studio');
  return (
    <Dialog.Root open={target !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-background p-6 shadow-xl"
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title className="text-lg font-semibold">{t('rename.title')}</Dialog.Title>
          {target && <RenameForm key={target.id} target={target} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RenameForm({ target, onDone }: { target: RenameTarget; onDone: () => void }) {
  const { t } = useTranslation('studio');
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(target.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameSession();
  const errorText = useErrorText();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sessionNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(name.trim() === '' ? t('rename.required') : t('rename.tooLong', { max: SESSION_NAME_MAX_LENGTH }));
      return;
    }
    setError(null);
    rename.mutate(
      { sessionId: target.id, sessionName: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('rename.done'));
          onDone();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-2" noValidate>
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('rename.label')}
      </label>
      <input
        id={inputId}
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={SESSION_NAME_MAX_LENGTH}
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        className="h-10 rounded-lg border bg-background px-3 text-sm"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={rename.isPending}>
            {t('rename.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? t('rename.saving') : t('rename.save')}
        </Button>
      </div>
    </form>
  );
}

import { Copy, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MESSAGE_MAX_LENGTH } from '@shared/constants';
import type { Message } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { copyText } from '@web/lib/copy-text';

/** Sends an edited copy of a message; `onSent` closes the editor once the server took it. */
export interface ResendHandlers {
  onResend: (original: Message, text: string, onSent: () => void) => void;
  pending: boolean;
  disabled: boolean;
}

/** Under a user's message: 'Copy prompt', and 'Edit message', which sends the edited text as a new request. */
export function UserMessageTools({ message, resend }: { message: Message; resend?: ResendHandlers | undefined }) {
  const { t } = useTranslation('studio');
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.contentText);
  const fieldId = useId();
  const trimmed = text.trim();
  const canResend = resend && !resend.pending && !resend.disabled && trimmed.length > 0 && text.length <= MESSAGE_MAX_LENGTH;

  const copy = async () => {
    try {
      await copyText(message.contentText);
      toast.success(t('chatUi.message.copied'));
    } catch {
      toast.error(t('chatUi.message.copyFailed'));
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canResend) return;
    resend.onResend(message, text, () => setEditing(false));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  if (editing) {
    return (
      <form onSubmit={submit} className="flex w-full max-w-[85%] flex-col gap-2 sm:max-w-[70%]" data-testid="edit-message-form">
        <label htmlFor={fieldId} className="sr-only">
          {t('chatUi.message.editLabel')}
        </label>
        <textarea
          id={fieldId}
          value={text}
          autoFocus
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value.slice(0, MESSAGE_MAX_LENGTH))}
          onKeyDown={onKeyDown}
          className="block w-full resize-none rounded-xl border bg-background px-3 py-2 text-base sm:text-sm"
        />
        <p className="text-xs text-muted-foreground">{t('chatUi.message.editHint')}</p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(false)}>
            {t('chatUi.message.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={!canResend}>
            {resend?.pending ? t('chatUi.message.sending') : t('chatUi.message.send')}
          </Button>
        </div>
      </form>
    );
  }

  if (message.contentText.trim() === '' && !resend) return null;
  return (
    <div className="flex items-center gap-1">
      {message.contentText.trim() !== '' && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground"
          aria-label={t('chatUi.message.copy')}
          title={t('chatUi.message.copy')}
          onClick={() => void copy()}
        >
          <Copy className="size-3.5" aria-hidden="true" />
        </Button>
      )}
      {resend && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground"
          aria-label={t('chatUi.message.edit')}
          title={t('chatUi.message.edit')}
          disabled={resend.disabled}
          onClick={() => {
            setText(message.contentText);
            setEditing(true);
          }}
        >
          <Pencil className="size-3.5" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

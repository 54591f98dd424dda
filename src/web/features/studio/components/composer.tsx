import { ImagePlus, SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from '@shared/constants';
import type { SuggestedAction } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { UPLOAD_MAX_BYTES } from '@shared/studio';
import { canSend, freeAttachmentSlots, screenPickedFiles, type PickRefusal } from '../lib/composer-rules';
import { suggestedActionsOf, type PendingUpload } from '../lib/pending-upload';
import { AlertBanner } from './alert-banner';
import { PendingUploadItem } from './pending-upload-item';
import { SuggestedActions } from './suggested-actions';

export interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  items: readonly PendingUpload[];
  onAddFiles: (files: File[]) => void;
  onRemoveItem: (id: string) => void;
  /** The last pick held more images than the free slots. */
  limitExceeded: boolean;
  onSend: () => void;
  /** A send is on its way. */
  isLoading: boolean;
  /** Input is off (e.g. out of credit). */
  disabled: boolean;
  /** A line under the field, such as the price of the draft. */
  footer?: ReactNode;
  /** Choices for the next image above the field (engine, shape, count). */
  options?: ReactNode;
  /** Images the message carries besides these uploads (an edit target): they share the limit. */
  reservedSlots?: number;
  /** Esc in the field: stops the reply being made, when there is one. */
  onEscape?: (() => void) | undefined;
}

/** The message composer. */
export function Composer({
  text,
  onTextChange,
  items,
  onAddFiles,
  onRemoveItem,
  limitExceeded,
  onSend,
  isLoading,
  disabled,
  footer,
  options,
  reservedSlots = 0,
  onEscape,
}: ComposerProps) {
  const { t } = useTranslation('studio');
  const fileInput = useRef<HTMLInputElement>(null);
  const textareaId = useId();
  const counterId = useId();
  const sendable = canSend({ text, items, isLoading, disabled });
  const full = freeAttachmentSlots(items, reservedSlots) === 0;
  const suggestions = suggestedActionsOf(items);
  const uploadFailed = items.some((item) => item.error !== undefined);
  // What the last pick could not take, said by name until the next pick.
  const [refusals, setRefusals] = useState<PickRefusal[]>([]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sendable) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && onEscape && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onEscape();
      return;
    }
    // Enter sends, Shift+Enter breaks the line; Enter that confirms an IME composition does neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onFilesPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file can be picked again after it was removed.
    event.target.value = '';
    if (files.length === 0) return;
    const { usable, refusals: refused } = screenPickedFiles(files, freeAttachmentSlots(items, reservedSlots));
    setRefusals(refused);
    // Even an empty pick goes on: it clears the last pick's 'Maximum 5 files allowed'.
    onAddFiles(usable);
  };

  const pickSuggestion = (action: SuggestedAction) => onTextChange((action.description || action.title).slice(0, MESSAGE_MAX_LENGTH));

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 bg-background px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-4">
      {uploadFailed && <AlertBanner>{t('composer.uploadFailed')}</AlertBanner>}
      {limitExceeded && (
        <p role="alert" className="text-xs text-destructive">
          {t('composer.maxFilesError', { max: MAX_ATTACHMENTS })}
        </p>
      )}
      {refusals.length > 0 && (
        <ul role="alert" className="flex flex-col gap-0.5 text-xs text-destructive" data-testid="composer-pick-refusals">
          {refusals.map((refusal, index) => (
            <li key={`${index}-${refusal.name}`}>
              {t(`composer.refused.${refusal.reason}`, { name: refusal.name, maxMb: UPLOAD_MAX_BYTES / 1024 / 1024, max: MAX_ATTACHMENTS })}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('composer.attachments')}>
          {items.map((item) => (
            <PendingUploadItem key={item.id} item={item} onRemove={onRemoveItem} />
          ))}
        </ul>
      )}
      <SuggestedActions actions={suggestions} onPick={pickSuggestion} disabled={disabled} />
      {options}
      <div className="flex items-end gap-2">
        <input ref={fileInput} type="file" accept="image/*" multiple hidden onChange={onFilesPicked} data-testid="composer-file-input" />
        <Button
          variant="outline"
          size={full ? 'md' : 'icon'}
          className={cn('shrink-0', full && 'px-3 text-xs')}
          disabled={disabled || full}
          onClick={() => fileInput.current?.click()}
          aria-label={full ? undefined : t('composer.addImages')}
        >
          {full ? t('composer.maxFiles', { max: MAX_ATTACHMENTS }) : <ImagePlus className="size-5" aria-hidden="true" />}
        </Button>
        <div className="relative flex-1">
          <label htmlFor={textareaId} className="sr-only">
            {t('composer.label')}
          </label>
          <textarea
            id={textareaId}
            value={text}
            onChange={(event) => onTextChange(event.target.value.slice(0, MESSAGE_MAX_LENGTH))}
            onKeyDown={onKeyDown}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={2}
            disabled={disabled}
            placeholder={t('composer.placeholder')}
            aria-describedby={counterId}
            className="block max-h-40 min-h-12 w-full resize-none rounded-xl border bg-background px-3 py-2 pb-6 text-base sm:text-sm disabled:opacity-60"
          />
          <span
            id={counterId}
            className="pointer-events-none absolute right-3 bottom-1.5 text-[11px] text-muted-foreground"
            data-testid="composer-counter"
          >
            {t('composer.counter', { count: text.length, max: MESSAGE_MAX_LENGTH })}
          </span>
        </div>
        <Button type="submit" size="icon" className="shrink-0" disabled={!sendable} aria-label={t('composer.send')}>
          <SendHorizontal className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {footer}
    </form>
  );
}

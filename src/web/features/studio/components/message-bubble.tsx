import { ChevronLeft, ChevronRight, Layers, LoaderCircle, RotateCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineUsed } from '@shared/engines';
import { AWAITING_CREDIT_STATUS, type Message, type MessageFile } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { ChatImage } from './chat-image';
import { ExpiredImage } from './expired-image';
import { ImageActions, SelectAreaAction, type ImageActionHandlers } from './image-actions';
import { useServerText } from '@web/lib/server-text';
import { ReplyProgress } from './reply-progress';
import { UserMessageTools, type ResendHandlers } from './user-message-tools';

/** A reply's versions: ask for another, and record the one chosen with the arrows. */
export interface ReplyVersionHandlers {
  onVariation: () => void;
  pending: boolean;
  onChoose: (version: number) => void;
}

interface MessageBubbleProps {
  message: Message;
  onOpenImage: (file: MessageFile) => void;
  /** For the latest message, when its reply was refused for lack of credit: ask again. */
  retry?: { onRetry: () => void; pending: boolean } | undefined;
  imageActions?: ImageActionHandlers | undefined;
  versions?: ReplyVersionHandlers | undefined;
  /** Words for the engine (and model) that made a reply; without it, replies do not name theirs. */
  describeEngine?: ((engine: EngineUsed) => string) | undefined;
  /** On a user's message: send an edited copy as a new request ('Edit message'). */
  resend?: ResendHandlers | undefined;
}

/** The versions a reply's images belong to, in order (a variation that failed left none). */
function versionsOf(files: MessageFile[]): number[] {
  return [...new Set(files.filter((file) => file.isGenerated).map((file) => file.version))].sort((a, b) => a - b);
}

/** One message: the user's on the right, the AI's on the left, with their images. */
export function MessageBubble({ message, onOpenImage, retry, imageActions, versions, describeEngine, resend }: MessageBubbleProps) {
  const { t, i18n } = useTranslation('studio');
  const { word } = useServerText();
  // A server-written message is worded in the reader's language (and again when it changes).
  const text = message.contentCodes ? word(message.contentCodes) : message.contentText;
  const versionList = versionsOf(message.files);
  const newest = versionList[versionList.length - 1] ?? 0;
  // A version picked here holds until a newer one arrives, which is then shown.
  const [picked, setPicked] = useState<{ version: number; newest: number } | null>(null);
  const pickedNow = picked?.newest === newest ? picked.version : null;
  const shownVersion =
    pickedNow ?? (message.chosen_version !== null && versionList.includes(message.chosen_version) ? message.chosen_version : newest);
  const shownIndex = versionList.indexOf(shownVersion);
  const shownFiles =
    versionList.length > 1 ? message.files.filter((file) => !file.isGenerated || file.version === shownVersion) : message.files;
  const previousArrow = useRef<HTMLButtonElement>(null);
  const nextArrow = useRef<HTMLButtonElement>(null);
  const showVersion = (index: number) => {
    const version = versionList[index];
    if (version === undefined) return;
    setPicked({ version, newest });
    versions?.onChoose(version);
    // An arrow that is about to disable itself (the first or last version reached) hands the focus to the other arrow.
    if (index <= 0 && document.activeElement === previousArrow.current) nextArrow.current?.focus();
    if (index >= versionList.length - 1 && document.activeElement === nextArrow.current) previousArrow.current?.focus();
  };
  const mine = message.role === 'user';
  const awaitingCredit = mine && message.processing_status === AWAITING_CREDIT_STATUS;
  const processing = message.role === 'system' && message.processing_status === 'processing';
  const hasGenerated = versionList.length > 0;
  // The server usually says what it is doing; the spinner line stands in when it says nothing.
  const showProcessingLine = processing && text.trim() === '' && message.files.length === 0;
  const empty = text.trim() === '' && message.files.length === 0 && !processing;
  const time = new Date(message.timestamp_created);
  // The engine of the version shown (versions may come from different engines), else of the newest.
  const engine = shownFiles.find((file) => file.isGenerated && file.engine)?.engine ?? message.engine;
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-message-id={message.id} data-role={message.role}>
      <span className="sr-only">{mine ? t('session.you') : t('session.assistant')}</span>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2 text-sm sm:max-w-[70%]',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        {text && <p className="break-words whitespace-pre-wrap">{text}</p>}
        {processing && <ReplyProgress message={message} />}
        {showProcessingLine && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {t('session.processing')}
          </p>
        )}
        {empty && <p className="text-muted-foreground italic">{t('session.emptyMessage')}</p>}
        {!mine && engine && describeEngine && (
          <p className="mt-1 text-[11px] text-muted-foreground" data-testid="reply-engine">
            {t('session.engine', { engine: describeEngine(engine) })}
          </p>
        )}
        {shownFiles.length > 0 && (
          <ul className={cn('mt-2 grid gap-2', shownFiles.length === 1 ? 'grid-cols-1' : 'grid-cols-2')}>
            {shownFiles.map((file) => (
              <li key={file.id} className="flex flex-col gap-1" data-version={file.isGenerated ? file.version : undefined}>
                {file.expired ? (
                  <ExpiredImage file={file} />
                ) : (
                  <>
                    <ChatImage file={file} inGrid={shownFiles.length > 1} onOpen={onOpenImage} />
                    {imageActions && file.isGenerated && <ImageActions file={file} handlers={imageActions} />}
                    {imageActions?.onSelectArea && !file.isGenerated && (
                      <SelectAreaAction file={file} onSelectArea={imageActions.onSelectArea} />
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {hasGenerated && (versionList.length > 1 || versions) && (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {versionList.length > 1 && (
              <div className="flex items-center gap-1" role="group" aria-label={t('versions.label')}>
                <Button
                  ref={previousArrow}
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t('versions.previous')}
                  disabled={shownIndex <= 0}
                  onClick={() => showVersion(shownIndex - 1)}
                >
                  <ChevronLeft className="size-4" aria-hidden="true" />
                </Button>
                <span className="text-xs tabular-nums" data-testid="version-position">
                  {t('versions.position', { current: shownIndex + 1, total: versionList.length })}
                </span>
                <Button
                  ref={nextArrow}
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t('versions.next')}
                  disabled={shownIndex >= versionList.length - 1}
                  onClick={() => showVersion(shownIndex + 1)}
                >
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </div>
            )}
            {versions &&
              (processing ? (
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
                  {t('versions.making')}
                </span>
              ) : (
                // aria-disabled, not disabled, while asked: a disabled button would drop the focus it has.
                <Button
                  variant="outline"
                  size="sm"
                  className="h-8 text-xs aria-disabled:opacity-50"
                  onClick={() => !versions.pending && versions.onVariation()}
                  aria-disabled={versions.pending}
                >
                  <Layers className="size-3.5" aria-hidden="true" />
                  {t('versions.variations')}
                </Button>
              ))}
          </div>
        )}
      </div>
      {awaitingCredit && (
        <div className="flex max-w-[85%] flex-wrap items-center justify-end gap-2 px-1 text-xs text-muted-foreground sm:max-w-[70%]">
          <span>{t('session.awaitingCredit')}</span>
          {retry && (
            <Button variant="outline" size="sm" onClick={retry.onRetry} disabled={retry.pending}>
              <RotateCw className={cn('size-3.5', retry.pending && 'animate-spin')} aria-hidden="true" />
              {retry.pending ? t('session.retrying') : t('session.retry')}
            </Button>
          )}
        </div>
      )}
      {mine && <UserMessageTools message={message} resend={resend} />}
      <time dateTime={message.timestamp_created} className="px-1 text-[11px] text-muted-foreground">
        {Number.isNaN(time.getTime()) ? '' : time.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
      </time>
    </li>
  );
}

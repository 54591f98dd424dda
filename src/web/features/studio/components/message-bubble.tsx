import { LoaderCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AWAITING_CREDIT_STATUS, type Message, type MessageFile } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { ExpiredImage } from './expired-image';

interface MessageBubbleProps {
  message: Message;
  onOpenImage: (file: MessageFile) => void;
  /** For the latest message, when its reply was refused for lack of credit: ask again. */
  retry?: { onRetry: () => void; pending: boolean } | undefined;
}

/** One message: the user's on the right, the AI's on the left, with their images. */
export function MessageBubble({ message, onOpenImage, retry }: MessageBubbleProps) {
  const { t, i18n } = useTranslation('studio');
  const mine = message.role === 'user';
  const awaitingCredit = mine && message.processing_status === AWAITING_CREDIT_STATUS;
  const processing = message.role === 'system' && message.processing_status === 'processing';
  // The server usually says what it is doing; the spinner line stands in when it says nothing.
  const showProcessingLine = processing && message.contentText.trim() === '';
  const empty = message.contentText.trim() === '' && message.files.length === 0 && !processing;
  const time = new Date(message.timestamp_created);
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-message-id={message.id} data-role={message.role}>
      <span className="sr-only">{mine ? t('session.you') : t('session.assistant')}</span>
      <div className={cn('max-w-[85%] rounded-2xl px-4 py-2 text-sm sm:max-w-[70%]', mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground')}>
        {message.contentText && <p className="break-words whitespace-pre-wrap">{message.contentText}</p>}
        {showProcessingLine && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {t('session.processing')}
          </p>
        )}
        {empty && <p className="text-muted-foreground italic">{t('session.emptyMessage')}</p>}
        {message.files.length > 0 && (
          <ul className={cn('mt-2 grid gap-2', message.files.length === 1 ? 'grid-cols-1' : 'grid-cols-2')}>
            {message.files.map((file) => (
              <li key={file.id}>
                {file.expired ? (
                  <ExpiredImage file={file} />
                ) : (
                <button
                  type="button"
                  className="block overflow-hidden rounded-lg bg-background/20 focus-visible:outline-offset-2"
                  aria-label={t('session.openImage', { name: file.originalFilename })}
                  onClick={() => onOpenImage(file)}
                >
                  <img src={file.thumbnailUrl || file.fileUrl} alt={file.originalFilename} loading="lazy" className="max-h-64 w-full object-cover" />
                </button>
                )}
              </li>
            ))}
          </ul>
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
      <time dateTime={message.timestamp_created} className="px-1 text-[11px] text-muted-foreground">
        {Number.isNaN(time.getTime()) ? '' : time.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
      </time>
    </li>
  );
}

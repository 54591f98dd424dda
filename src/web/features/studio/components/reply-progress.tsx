import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ReplyProgress as Progress } from '@shared/reply-progress';
import type { Message } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api-client';
import { useErrorText } from '@web/lib/server-text';
import { getMessage } from '../api/get-message';
import { mergeIntoConversation } from '../api/get-messages';
import { useReplyProgress } from '../api/get-reply-progress';
import { studioKeys } from '../api/query-keys';
import { useStopReply } from '../api/stop-reply';
import { formatElapsed, useElapsedSeconds } from '../hooks/use-elapsed';

/** How far a step count has got, in whole percent; null where the engine counts nothing. */
export function percentOf(progress: Progress | undefined): number | null {
  if (!progress || progress.step === null || progress.total === null || progress.total <= 0) return null;
  return Math.min(100, Math.round((progress.step / progress.total) * 100));
}

/**
 * The making of a reply, in its bubble: the stage (with the place in the line while queued), a
 * progress bar — determinate where the engine counts its steps, else an honest indeterminate one
 * with the time so far — the newest preview, slightly blurred, and Stop.
 */
export function ReplyProgress({ message }: { message: Message }) {
  const { t } = useTranslation('studio');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const progress = useReplyProgress(message.session_id, message.id);
  const stop = useStopReply();
  const elapsed = useElapsedSeconds(progress?.created_at ?? message.timestamp_created);
  const percent = percentOf(progress);
  const stage = progress ? t(`progress.stage.${progress.stage}`, { position: progress.queue_position ?? 1 }) : t('progress.stage.starting');
  const previewUrl =
    progress && progress.preview_version > 0
      ? `${api.replies.preview[':job_id'].$url({ param: { job_id: progress.job_id } }).pathname}?v=${progress.preview_version}`
      : null;

  const onStop = () =>
    stop.mutate(message.id, {
      onSuccess: () => {
        // The stream says so too; this covers a stream that is down.
        getMessage(message.id).then(
          (fresh) => mergeIntoConversation(queryClient, message.session_id, [fresh]),
          () => undefined,
        );
        void queryClient.invalidateQueries({ queryKey: studioKeys.progress(message.session_id) });
        void queryClient.invalidateQueries({ queryKey: studioKeys.session(message.session_id) });
      },
      onError: (error) => toast.error(t('progress.stopFailed', { message: errorText(error) })),
    });

  return (
    <div className="mt-2 flex w-64 max-w-full flex-col gap-2" data-testid="reply-progress" data-stage={progress?.stage ?? 'starting'}>
      {previewUrl && (
        <img
          src={previewUrl}
          alt={t('progress.previewAlt')}
          className="max-h-64 w-full rounded-lg object-cover blur-[2px]"
          data-testid="reply-preview"
        />
      )}
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={stage}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={percent === null ? t('progress.elapsed', { time: formatElapsed(elapsed) }) : `${percent}%`}
          className="relative h-2 flex-1 overflow-hidden rounded-full bg-background"
        >
          {percent === null ? (
            <div className="h-full w-full animate-pulse rounded-full bg-primary/40" />
          ) : (
            <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
          )}
        </div>
        <Button variant="outline" size="sm" className="h-7 px-2 text-xs" onClick={onStop} disabled={stop.isPending}>
          {t('progress.stop')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
        {stage} · {percent === null ? formatElapsed(elapsed) : `${percent}%`}
      </p>
    </div>
  );
}

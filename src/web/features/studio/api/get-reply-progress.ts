import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReplyProgress, SessionProgress } from '@shared/reply-progress';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

export async function getReplyProgress(sessionId: string): Promise<SessionProgress> {
  const response = await api.replies.progress[':session_id'].$get({ param: { session_id: sessionId } });
  return response.json();
}

export const replyProgressQuery = (sessionId: string) =>
  queryOptions({ queryKey: studioKeys.progress(sessionId), queryFn: () => getReplyProgress(sessionId), staleTime: 30_000 });

/** The progress of one reply of the session, while it is being made (undefined before the first word of it). */
export function useReplyProgress(sessionId: string, replyMessageId: string): ReplyProgress | undefined {
  const { data } = useQuery(replyProgressQuery(sessionId));
  return data?.replies.find((reply) => reply.reply_message_id === replyMessageId);
}

/**
 * A progress event from the stream: it replaces what the cache held for that reply. Events of one
 * reply arrive in the order they were written, so the newest one is the truth.
 */
export function applyProgressEvent(queryClient: QueryClient, sessionId: string, progress: ReplyProgress): void {
  // A fetch under way may have been answered before this event was written: it must not overwrite it.
  void queryClient.cancelQueries({ queryKey: studioKeys.progress(sessionId) });
  queryClient.setQueryData<SessionProgress>(studioKeys.progress(sessionId), (current) => {
    const others = (current?.replies ?? []).filter(
      (reply) => reply.job_id !== progress.job_id && reply.reply_message_id !== progress.reply_message_id,
    );
    return { replies: [...others, progress] };
  });
}

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchMissedMessages } from '@shared/catch-up';
import type { Message } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { mergeMessages } from '../lib/merge-messages';
import { getMessage } from './get-message';
import { studioKeys } from './query-keys';

/**
 * A session's messages in time order: the latest `limit` (default 50), with `after` the first
 * `limit` written after that time, or with `before` (a message id) the `limit` just older than it.
 */
export async function getMessages(
  sessionId: string,
  options: { after?: string | null; before?: string; limit?: number } = {},
): Promise<Message[]> {
  const response = await api.sessions[':id'].messages.$get({
    param: { id: sessionId },
    query: {
      after: options.after ?? undefined,
      before: options.before,
      limit: options.limit === undefined ? undefined : String(options.limit),
    },
  });
  return (await response.json()).messages;
}

/**
 * The conversation cache. A fetch merges into what realtime events already put there, so a
 * message that arrived while the list was loading is not lost when the list lands.
 */
export const messagesQuery = (queryClient: QueryClient, sessionId: string) =>
  queryOptions({
    queryKey: studioKeys.messages(sessionId),
    queryFn: async () =>
      mergeMessages(queryClient.getQueryData<Message[]>(studioKeys.messages(sessionId)) ?? [], await getMessages(sessionId)),
  });

export function mergeIntoConversation(queryClient: QueryClient, sessionId: string, incoming: readonly Message[]): void {
  queryClient.setQueryData<Message[]>(studioKeys.messages(sessionId), (current) => mergeMessages(current ?? [], incoming));
}

/**
 * One page of older history, merged into the conversation cache (`beforeMerge` runs just before,
 * for a list that keeps its scroll position). Answers whether the conversation goes further back:
 * a page shorter than asked for reached its first message.
 */
export async function loadOlderMessages(
  queryClient: QueryClient,
  sessionId: string,
  page: { oldestHeld: Message; limit: number; beforeMerge?: () => void },
): Promise<{ reachedStart: boolean }> {
  const { oldestHeld, limit } = page;
  const older = await getMessages(sessionId, { before: oldestHeld.id, limit });
  page.beforeMerge?.();
  mergeIntoConversation(queryClient, sessionId, older);
  return { reachedStart: older.length < limit };
}

export function useMessages(queryClient: QueryClient, sessionId: string | undefined) {
  return useQuery({ ...messagesQuery(queryClient, sessionId ?? ''), enabled: sessionId !== undefined });
}

/**
 * Brings the conversation up to date once the live stream is (again) connected. Waits for the
 * screen's first fetch when it is still under way: a reply finished between that fetch and the
 * stream's "ready" was announced to nobody, and must be read with what that fetch returns.
 */
export async function catchUpConversation(queryClient: QueryClient, sessionId: string): Promise<void> {
  const held = await queryClient.ensureQueryData(messagesQuery(queryClient, sessionId));
  const missed = await fetchMissedMessages(held, {
    fetchAfter: (after, limit) => getMessages(sessionId, { after, limit }),
    fetchOne: getMessage,
  });
  mergeIntoConversation(queryClient, sessionId, missed);
}

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchMissedMessages } from '@shared/catch-up';
import { aroundPageSplit, type Message } from '@shared/studio';
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
  options: { after?: string | null; before?: string; around?: string; limit?: number } = {},
): Promise<Message[]> {
  const response = await api.sessions[':id'].messages.$get({
    param: { id: sessionId },
    query: {
      after: options.after ?? undefined,
      before: options.before,
      around: options.around,
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
    queryFn: async () => {
      const latest = await getMessages(sessionId);
      // What is held is read once the page is here: events, or a page around a linked message, may have landed meanwhile.
      return mergeMessages(queryClient.getQueryData<Message[]>(studioKeys.messages(sessionId)) ?? [], latest);
    },
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

/**
 * Opens the conversation at a message: the page around it replaces what is held (newer messages
 * that arrive later join after it). Answers whether the page holds the conversation's first and
 * newest messages.
 */
export async function loadMessagesAround(
  queryClient: QueryClient,
  sessionId: string,
  messageId: string,
  limit: number,
): Promise<{ reachedStart: boolean; reachedEnd: boolean }> {
  const page = await getMessages(sessionId, { around: messageId, limit });
  const anchor = page.findIndex((message) => message.id === messageId);
  const split = aroundPageSplit(limit);
  queryClient.setQueryData<Message[]>(studioKeys.messages(sessionId), page);
  return { reachedStart: anchor < split.older, reachedEnd: page.length - anchor - 1 < split.newer };
}

/**
 * One page of the messages just after `newestHeld` (the last one before a gap in what is held),
 * merged in. Answers whether the gap is closed: only a short page reached the newest message —
 * messages held after the gap (a reply that arrived, a reconnect's catch-up) need not join it.
 */
export async function loadNewerMessages(
  queryClient: QueryClient,
  sessionId: string,
  page: { newestHeld: Message; limit: number },
): Promise<{ closed: boolean; newest: Message | undefined }> {
  const newer = await getMessages(sessionId, { after: page.newestHeld.timestamp_created, limit: page.limit });
  mergeIntoConversation(queryClient, sessionId, newer);
  return { closed: newer.length < page.limit, newest: newer.at(-1) };
}

/**
 * Back to the end of the conversation: the latest page joins the messages held after a gap (new
 * replies that arrived), and the older window before the gap is let go.
 */
export async function loadLatestMessages(queryClient: QueryClient, sessionId: string, gapAfter: string): Promise<void> {
  const latest = await getMessages(sessionId);
  queryClient.setQueryData<Message[]>(studioKeys.messages(sessionId), (current = []) => {
    const gap = current.findIndex((message) => message.id === gapAfter);
    return mergeMessages(current.slice(gap + 1), latest);
  });
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

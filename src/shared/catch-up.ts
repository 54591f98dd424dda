import { MISSED_MESSAGES_FETCH_LIMIT } from './constants';
import type { Message } from './studio';

export interface CatchUpFetchers {
  /** Up to `limit` messages written after `after` (all of the latest page when null), oldest first. */
  fetchAfter(after: string | null, limit: number): Promise<Message[]>;
  /** One message as it is now. */
  fetchOne(messageId: string): Promise<Message>;
}

/**
 * The realtime contract's catch-up rule, shared so that the server's tests hold
 * the client to it. It answers what a screen missed while its live stream was not listening
 * (before it first connected, or while it was down): events sent then reached nobody. They
 * announce two things: messages written after the newest one held (`held` is in time order), and
 * updates of messages already held. The only update a reader waits for is a reply leaving
 * "processing", so every held reply still processing is read again — a timestamp cursor alone
 * would never return it.
 */
export async function fetchMissedMessages(held: readonly Message[], fetchers: CatchUpFetchers): Promise<Message[]> {
  const stillProcessing = held.filter((message) => message.processing_status === 'processing');
  const [written, updated] = await Promise.all([
    fetchers.fetchAfter(held.at(-1)?.timestamp_created ?? null, MISSED_MESSAGES_FETCH_LIMIT),
    // A reply that can no longer be read (its session was deleted) is simply left as it is.
    Promise.all(stillProcessing.map((message) => fetchers.fetchOne(message.id).catch(() => undefined))),
  ]);
  return [...written, ...updated.filter((message): message is Message => message !== undefined)];
}

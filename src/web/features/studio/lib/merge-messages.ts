import type { Message } from '@shared/studio';

/**
 * Folds fetched messages into what the screen holds: a message with a
 * known id replaces an older copy (its status or outputs changed), new ones join, and the result is
 * in time order. Messages with the same timestamp keep the order they arrived in.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<string, Message>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) {
    // Two fetches of one message can land out of order (an event's and a catch-up's): an older
    // copy never replaces a newer one, so a finished reply cannot fall back to "processing".
    const held = byId.get(message.id);
    if (!held || held.updated_at <= message.updated_at) byId.set(message.id, message);
  }
  return [...byId.values()]
    .map((message, index) => ({ message, index, time: Date.parse(message.timestamp_created) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ message }) => message);
}

/** The timestamp to fetch after on reconnect: the newest message's, or null before any. */
export function lastTimestamp(messages: readonly Message[]): string | null {
  return messages.length > 0 ? messages[messages.length - 1]!.timestamp_created : null;
}

import { messageSchema, type Message } from '@shared/studio';
import { apiFetch } from '@web/lib/api-client';

/** One message, as a realtime event points at it. */
export async function getMessage(messageId: string): Promise<Message> {
  const response = await apiFetch(`/api/messages/${encodeURIComponent(messageId)}`);
  return messageSchema.parse(await response.json());
}

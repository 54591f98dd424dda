import type { Message } from '@shared/studio';
import { api } from '@web/lib/api-client';

/** One message, as a realtime event points at it. */
export async function getMessage(messageId: string): Promise<Message> {
  const response = await api.messages[':id'].$get({ param: { id: messageId } });
  return response.json();
}

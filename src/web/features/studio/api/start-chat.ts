import { api } from '@web/lib/api-client';

/** Asks the AI to answer the session's latest message (spec section 7, POST /chat). */
export async function startChat(sessionId: string): Promise<void> {
  await api.chat.$post({ json: { session_id: sessionId } });
}

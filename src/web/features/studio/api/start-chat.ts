import { apiFetch } from '@web/lib/api-client';
import { jsonBody } from './json';

/** Asks the AI to answer the session's latest message (spec section 7, POST /chat). */
export async function startChat(sessionId: string): Promise<void> {
  await apiFetch('/api/chat', jsonBody('POST', { session_id: sessionId }));
}

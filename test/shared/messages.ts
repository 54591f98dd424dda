import type { Message } from '@shared/studio';

/** A message as the API answers it, named by id and time; `patch` sets what a test is about. */
export function messageAt(id: string, at: string, patch: Partial<Message> = {}): Message {
  return {
    id,
    session_id: 's1',
    contentText: id,
    timestamp_created: at,
    updated_at: at,
    parent_message_id: null,
    role: 'user',
    user_id: 'u1',
    processing_status: null,
    intent_data: null,
    context_references: null,
    files: [],
    chosen_version: null,
    engine: null,
    ...patch,
  };
}

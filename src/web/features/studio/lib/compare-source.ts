import type { Message, MessageFile } from '@shared/studio';

/** The image ids a request worked from, as the server recorded them on the user's message. */
function sourceIdsOf(request: Message): string[] {
  const refs = request.context_references as { fileIds?: unknown } | null;
  const ids = Array.isArray(refs?.fileIds) ? refs.fileIds.filter((id): id is string => typeof id === 'string') : [];
  return ids.length > 0 ? ids : request.files.map((file) => file.id);
}

/**
 * The image a generated image was edited from, for the preview's before/after Compare: the first
 * image its request worked from (an attached photo, or the earlier result a follow-up changed),
 * if that image is still shown in the conversation and kept. Null for images made from words alone.
 */
export function compareSourceOf(result: MessageFile | null, messages: readonly Message[]): MessageFile | null {
  if (!result?.isGenerated) return null;
  const reply = messages.find((message) => message.role === 'system' && message.files.some((file) => file.id === result.id));
  if (!reply) return null;
  const request = messages.find((message) => message.id === reply.parent_message_id);
  if (!request) return null;
  const shown = new Map(messages.flatMap((message) => message.files.map((file) => [file.id, file] as const)));
  for (const id of sourceIdsOf(request)) {
    const file = shown.get(id);
    if (file && !file.expired && file.id !== result.id) return file;
  }
  return null;
}

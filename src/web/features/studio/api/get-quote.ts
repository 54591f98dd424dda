import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isAppError } from '@shared/errors';
import type { DraftQuote } from '@shared/studio';
import { api } from '@web/lib/api-client';
import type { GenerationChoice } from '../hooks/use-generation-choice';
import { studioKeys } from './query-keys';

/** A draft as the quote prices it: its words, its photos, and the composer's picks. */
export interface QuotedDraft {
  text: string;
  attachments: number;
  hasPreviousOutput: boolean;
  choice: GenerationChoice;
}

/**
 * What sending this draft would cost with the engine picked, or null where the server offers no
 * quote (404). A session with an earlier output may turn a text-only draft into an edit of it,
 * which prices differently.
 */
export async function getQuote({ text, attachments, hasPreviousOutput, choice }: QuotedDraft): Promise<DraftQuote | null> {
  try {
    const response = await api.chat.quote.$get({
      query: {
        text,
        attachments: String(attachments),
        has_previous_output: hasPreviousOutput ? 'true' : 'false',
        engine: choice.engine,
        ...(choice.aspectRatio ? { aspect_ratio: choice.aspectRatio } : {}),
        ...(choice.imageCount ? { image_count: String(choice.imageCount) } : {}),
      },
    });
    return await response.json();
  } catch (error) {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  }
}

export const quoteQuery = (draft: QuotedDraft) =>
  queryOptions({
    queryKey: studioKeys.quote(draft.text, draft.attachments, draft.hasPreviousOutput, draft.choice),
    queryFn: () => getQuote(draft),
    staleTime: 30_000,
    retry: false,
  });

export function useQuote(draft: QuotedDraft, enabled: boolean) {
  return useQuery({ ...quoteQuery(draft), enabled, placeholderData: keepPreviousData });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isAppError } from '@shared/errors';
import type { DraftQuote } from '@shared/studio';
import { api } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

/**
 * What sending this draft would cost, or null where the server offers no quote (404). A session
 * with an earlier output may turn a text-only draft into an edit of it, which prices differently.
 */
export async function getQuote(text: string, attachments: number, hasPreviousOutput: boolean): Promise<DraftQuote | null> {
  try {
    const response = await api.chat.quote.$get({ query: { text, attachments: String(attachments), has_previous_output: hasPreviousOutput ? 'true' : 'false' } });
    return await response.json();
  } catch (error) {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  }
}

export const quoteQuery = (text: string, attachments: number, hasPreviousOutput: boolean) =>
  queryOptions({
    queryKey: studioKeys.quote(text, attachments, hasPreviousOutput),
    queryFn: () => getQuote(text, attachments, hasPreviousOutput),
    staleTime: 30_000,
    retry: false,
  });

export function useQuote(text: string, attachments: number, hasPreviousOutput: boolean, enabled: boolean) {
  return useQuery({ ...quoteQuery(text, attachments, hasPreviousOutput), enabled, placeholderData: keepPreviousData });
}

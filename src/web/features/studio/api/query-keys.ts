import type { Query } from '@tanstack/react-query';
import type { GenerationChoice } from '../hooks/use-generation-choice';

/** Cache keys of the studio; every key starts with 'studio' so a sign-out clears them together. */
export const studioKeys = {
  sessions: ['studio', 'sessions'] as const,
  /** Under `sessions`: whatever refreshes the list (a message sent) refreshes which sessions are working. */
  workingSessions: ['studio', 'sessions', 'working'] as const,
  session: (sessionId: string) => ['studio', 'session', sessionId] as const,
  messages: (sessionId: string) => ['studio', 'messages', sessionId] as const,
  /** Where the session's unfinished replies are now: fetched on (re)connect, then moved by the stream's progress events. */
  progress: (sessionId: string) => ['studio', 'progress', sessionId] as const,
  quote: (text: string, attachments: number, hasPreviousOutput: boolean, choice: GenerationChoice) =>
    ['studio', 'quote', text, attachments, hasPreviousOutput, choice.engine, choice.aspectRatio, choice.imageCount] as const,
  creditRefusal: ['studio', 'credit-refusal'] as const,
};

/**
 * The queries that hold pages of sessions: the list and its search results — not the working
 * sessions, which sit under the same prefix (so a refreshed list refreshes them) but hold ids only.
 */
export const sessionPagesFilter = {
  queryKey: studioKeys.sessions,
  predicate: (query: Query) =>
    query.queryKey.length === studioKeys.sessions.length || query.queryKey[studioKeys.sessions.length] === 'search',
};

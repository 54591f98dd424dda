import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIBRARY_PAGE_SIZE, LIBRARY_VIEW_ALL_LIMIT } from '@shared/constants';
import type { UserFilesPage } from '@shared/studio';
import { api } from '@web/lib/api-client';

export type ImageKind = 'uploaded' | 'generated';

/** The library shows the first page, or everything up to the view-all limit. */
export type LibraryScope = 'limit-12' | 'all';

export const scopeLimits: Record<LibraryScope, number> = { 'limit-12': LIBRARY_PAGE_SIZE, all: LIBRARY_VIEW_ALL_LIMIT };

/** Spec section 3, Image list result: images and the exact total; the library adds hasMore. */
export type ImageListResult = UserFilesPage;

/**
 * Cache keys shaped like the spec's `/api/user-files/{kind}/{userId}/{suffix}`: every list is
 * scoped by the user id, so one person's images never show for another on a shared browser.
 */
export const libraryKeys = {
  root: ['/api/user-files'] as const,
  kind: (kind: ImageKind, userId: string) => ['/api/user-files', kind, userId] as const,
  list: (kind: ImageKind, userId: string, scope: LibraryScope) => ['/api/user-files', kind, userId, scope] as const,
};

export async function getUserFiles({
  kind,
  limit,
  offset = 0,
}: {
  kind: ImageKind;
  limit: number;
  offset?: number;
}): Promise<ImageListResult> {
  const response = await api['user-files'].$get({ query: { kind, limit, offset } });
  return response.json();
}

/** Spec section 7, Caching: library lists are deduplicated for 30 s and retried 3 times. */
export const userFilesQuery = (kind: ImageKind, userId: string, scope: LibraryScope) =>
  queryOptions({
    queryKey: libraryKeys.list(kind, userId, scope),
    queryFn: () => getUserFiles({ kind, limit: scopeLimits[scope], offset: 0 }),
    staleTime: 30_000,
    retry: 3,
  });

export function useUserFiles(kind: ImageKind, userId: string, scope: LibraryScope) {
  return useQuery(userFilesQuery(kind, userId, scope));
}

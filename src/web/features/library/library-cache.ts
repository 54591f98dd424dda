import type { QueryClient } from '@tanstack/react-query';
import { libraryKeys, type ImageKind, type ImageListResult } from './api/get-user-files';

const kinds: ImageKind[] = ['uploaded', 'generated'];

export type LibrarySnapshot = Array<[readonly unknown[], ImageListResult | undefined]>;

/**
 * The optimistic half of an image deletion: the image leaves every cached list
 * of this user at once and each list that held it counts one fewer (never below zero). Returns
 * what the lists held before, for callers that want it.
 */
export async function removeImageFromCachedLists(queryClient: QueryClient, userId: string, imageId: string): Promise<LibrarySnapshot> {
  // A list already on its way back from the server would bring the image back.
  await Promise.all(kinds.map((kind) => queryClient.cancelQueries({ queryKey: libraryKeys.kind(kind, userId) })));
  const snapshot: LibrarySnapshot = [];
  for (const kind of kinds) {
    snapshot.push(...queryClient.getQueriesData<ImageListResult>({ queryKey: libraryKeys.kind(kind, userId) }));
    queryClient.setQueriesData<ImageListResult>({ queryKey: libraryKeys.kind(kind, userId) }, (list) => {
      if (!list || !list.images.some((image) => image.id === imageId)) return list;
      return { ...list, images: list.images.filter((image) => image.id !== imageId), total: Math.max(0, list.total - 1) };
    });
  }
  return snapshot;
}

/** After the server answered (either way): the uploaded and generated lists, all and limit-12. */
export async function refreshLibraryLists(queryClient: QueryClient, userId: string): Promise<void> {
  await Promise.all(kinds.map((kind) => queryClient.invalidateQueries({ queryKey: libraryKeys.kind(kind, userId) })));
}

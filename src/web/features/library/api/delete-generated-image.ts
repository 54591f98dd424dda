import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { refreshLibraryLists, removeImageFromCachedLists } from '../library-cache';

export async function deleteGeneratedImage(imageId: string): Promise<void> {
  await api['user-files'][':id'].$delete({ param: { id: imageId } });
}

/**
 * Deletes one generated image: removed from the cached lists first, then the
 * server delete, then every library list of the user is refreshed — also after a failure, which
 * brings the image back and leaves the error to the caller.
 */
export function useDeleteGeneratedImage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneratedImage,
    onMutate: (imageId) => removeImageFromCachedLists(queryClient, userId, imageId),
    onSettled: () => {
      void refreshLibraryLists(queryClient, userId);
    },
  });
}

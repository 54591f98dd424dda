import { useQuery } from '@tanstack/react-query';
import type { UserFile } from '@shared/studio';
import { api } from '@web/lib/api-client';

/** One of the user's images (GET /user-files/{id}): the one a chat's 'Open in Library' points at. */
export async function getUserFile(fileId: string): Promise<UserFile> {
  const response = await api['user-files'][':id'].$get({ param: { id: fileId }, query: {} });
  return response.json();
}

export function useUserFile(fileId: string | null) {
  return useQuery({
    queryKey: ['library', 'user-file', fileId],
    queryFn: () => getUserFile(fileId!),
    enabled: fileId !== null,
    retry: false,
  });
}

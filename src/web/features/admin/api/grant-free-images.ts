import { useMutation } from '@tanstack/react-query';
import type { AdminActionResult, FreeImagesGrant } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { useRefreshConsole } from './query-keys';

export async function grantFreeImages(userId: string, input: FreeImagesGrant): Promise<AdminActionResult> {
  const response = await api.admin.users[':id']['free-images'].$post({ param: { id: userId }, json: input });
  return response.json();
}

export function useGrantFreeImages(userId: string) {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: (input: FreeImagesGrant) => grantFreeImages(userId, input), onSuccess: refresh });
}

import { useMutation } from '@tanstack/react-query';
import type { AdminActionResult, CreditAdjustment } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { useRefreshConsole } from './query-keys';

export async function adjustCredit(userId: string, input: CreditAdjustment): Promise<AdminActionResult> {
  const response = await api.admin.users[':id'].credit.$post({ param: { id: userId }, json: input });
  return response.json();
}

export function useAdjustCredit(userId: string) {
  const refresh = useRefreshConsole();
  return useMutation({ mutationFn: (input: CreditAdjustment) => adjustCredit(userId, input), onSuccess: refresh });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopUpSettings, AutoTopUpUpdate } from '@shared/auto-top-up';
import { api } from '@web/lib/api-client';
import { billingKeys } from './query-keys';

export async function updateAutoTopUp(update: AutoTopUpUpdate): Promise<AutoTopUpSettings> {
  const response = await api['auto-top-up'].$put({ json: update });
  return response.json();
}

/** Turns auto top-up on with its amounts, or off. */
export function useUpdateAutoTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutoTopUp,
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.autoTopUp, saved),
  });
}

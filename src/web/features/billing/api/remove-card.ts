import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopUpSettings } from '@shared/auto-top-up';
import { api } from '@web/lib/api-client';
import { billingKeys } from './query-keys';

/** Removes the saved card; auto top-up turns off with it. */
export async function removeCard(): Promise<AutoTopUpSettings> {
  const response = await api['auto-top-up'].card.$delete();
  return response.json();
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.autoTopUp, saved),
  });
}

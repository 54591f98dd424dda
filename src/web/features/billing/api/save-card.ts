import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoTopUpSettings } from '@shared/auto-top-up';
import { api } from '@web/lib/api-client';
import { billingKeys } from './query-keys';

/** Keeps the card a finished setup saved (the setup's id comes back in the return address). */
export async function saveCard(setupId: string): Promise<AutoTopUpSettings> {
  const response = await api['auto-top-up'].card.$put({ json: { setup_id: setupId } });
  return response.json();
}

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.autoTopUp, saved),
  });
}

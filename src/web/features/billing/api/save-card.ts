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
    // The page's first read may still be on its way with no card: it is replaced by a fresh one.
    onSuccess: async (saved) => {
      queryClient.setQueryData(billingKeys.autoTopUp, saved);
      await queryClient.invalidateQueries({ queryKey: billingKeys.autoTopUp });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: billingKeys.autoTopUp }),
  });
}

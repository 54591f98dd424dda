import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpendingControls, SpendingControlsUpdate } from '@shared/spending';
import { api } from '@web/lib/api-client';
import { billingKeys } from './query-keys';

export async function updateSpendingControls(update: SpendingControlsUpdate): Promise<SpendingControls> {
  const response = await api.spending.$put({ json: update });
  return response.json();
}

/** Saves the limits; the composer's quotes are asked again, as a new limit may change what they warn of. */
export function useUpdateSpendingControls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSpendingControls,
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.spending, saved);
      void queryClient.invalidateQueries({ queryKey: ['studio', 'quote'] });
    },
  });
}

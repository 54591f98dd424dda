import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutVerification } from '@shared/billing';
import { api } from '@web/lib/api-client';
import { billingKeys, refreshBalances } from './query-keys';

/** The local checkout's Pay: the server fulfils the session exactly as a Stripe payment. */
export async function completeTestCheckout(sessionId: string): Promise<CheckoutVerification> {
  const response = await api.stripe['test-checkout'][':id'].complete.$post({ param: { id: sessionId } });
  return response.json();
}

export function useCompleteTestCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTestCheckout,
    onSuccess: async (verification, sessionId) => {
      queryClient.setQueryData(billingKeys.verification(sessionId), verification);
      await refreshBalances(queryClient);
    },
  });
}

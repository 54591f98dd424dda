import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** Starts the embedded checkout of one package; its client secret opens the payment form. */
export async function createCheckoutSession(priceId: string): Promise<{ clientSecret: string; sessionId: string }> {
  const response = await api.stripe['create-checkout-session'].$post({ json: { priceId } });
  return response.json();
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}

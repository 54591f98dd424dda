import { useMutation } from '@tanstack/react-query';
import type { EmbeddedCheckout } from '@shared/billing';
import { api } from '@web/lib/api-client';

/** Starts the embedded checkout of one package; its client secret opens the payment form. */
export async function createCheckoutSession(priceId: string): Promise<EmbeddedCheckout> {
  const response = await api.stripe['create-checkout-session'].$post({ json: { priceId } });
  return response.json();
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}

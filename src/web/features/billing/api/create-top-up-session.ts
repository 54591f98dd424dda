import { useMutation } from '@tanstack/react-query';
import type { HostedCheckout } from '@shared/billing';
import { api } from '@web/lib/api-client';

/** Starts a hosted checkout for a custom amount; the browser then goes to `url`. */
export async function createTopUpSession(amountCents: number): Promise<HostedCheckout> {
  const response = await api.stripe['create-top-up-session'].$post({ json: { amount_cents: amountCents } });
  return response.json();
}

export function useCreateTopUpSession() {
  return useMutation({ mutationFn: createTopUpSession });
}

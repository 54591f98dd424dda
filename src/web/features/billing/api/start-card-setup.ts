import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** Where the browser saves a card: Stripe Checkout in setup mode, or the local test-mode card page. */
export async function startCardSetup(): Promise<{ url: string }> {
  const response = await api['auto-top-up']['card-setup'].$post();
  return response.json();
}

export function useStartCardSetup() {
  return useMutation({ mutationFn: startCardSetup });
}

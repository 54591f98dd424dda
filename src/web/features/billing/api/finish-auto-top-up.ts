import { useMutation } from '@tanstack/react-query';
import type { HostedCheckout } from '@shared/billing';
import { api } from '@web/lib/api-client';

/** A payment the bank wants confirmed: a checkout for the same amount, finished with the user present. */
export async function finishAutoTopUp(attemptId: string): Promise<HostedCheckout> {
  const response = await api['auto-top-up'].attempts[':id'].finish.$post({ param: { id: attemptId } });
  return response.json();
}

export function useFinishAutoTopUp() {
  return useMutation({ mutationFn: finishAutoTopUp });
}

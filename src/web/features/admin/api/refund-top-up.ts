import { useMutation } from '@tanstack/react-query';
import type { AdminActionResult, CardRefundRequest } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { useRefreshConsole } from './query-keys';

/** Asks Stripe for the refund; the balance changes when Stripe's refund event arrives. */
export async function refundTopUp(userId: string, input: CardRefundRequest): Promise<AdminActionResult> {
  const response = await api.admin.users[':id']['card-refunds'].$post({ param: { id: userId }, json: input });
  return response.json();
}

export function useRefundTopUp(userId: string) {
  const refresh = useRefreshConsole();
  // A refusal (Stripe said no) releases what was frozen: the account is shown again either way.
  return useMutation({ mutationFn: (input: CardRefundRequest) => refundTopUp(userId, input), onSettled: refresh });
}

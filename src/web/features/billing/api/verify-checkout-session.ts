import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutVerification } from '@shared/billing';
import { api } from '@web/lib/api-client';
import { billingKeys } from './query-keys';

/** Asks the server how a checkout ended; a paid session is credited by this call if not yet. */
export async function verifyCheckoutSession(sessionId: string): Promise<CheckoutVerification> {
  const response = await api.stripe['verify-checkout-session'][':sessionId'].$get({ param: { sessionId } });
  return response.json();
}

/** Verified once per visit: the answer is final for this page, so it is neither retried nor refreshed. */
export const verificationQuery = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.verification(sessionId),
    queryFn: () => verifyCheckoutSession(sessionId),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCheckoutVerification(sessionId: string | null) {
  return useQuery({ ...verificationQuery(sessionId ?? ''), enabled: Boolean(sessionId) });
}

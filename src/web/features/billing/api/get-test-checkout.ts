import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestCheckout } from '@shared/billing';
import { api } from '@web/lib/api-client';
import { billingKeys } from './query-keys';

/** A test-mode checkout session (only exists without Stripe keys, never in production). */
export async function getTestCheckout(sessionId: string): Promise<TestCheckout> {
  const response = await api.stripe['test-checkout'][':id'].$get({ param: { id: sessionId } });
  return response.json();
}

export const testCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.testCheckout(sessionId),
    queryFn: () => getTestCheckout(sessionId),
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useTestCheckout(sessionId: string) {
  return useQuery(testCheckoutQuery(sessionId));
}

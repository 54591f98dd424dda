import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '@shared/billing';
import { api } from '@web/lib/api-client';
import { billingKeys, retryUpTo } from './query-keys';

export async function getBalance(): Promise<Balance> {
  const response = await api.stripe.balance.$get();
  return response.json();
}

/** Spec 7: refreshed on focus and every 60 s, 2 s dedupe, 1 retry after 30 s. */
export const balanceQuery = queryOptions({
  queryKey: billingKeys.balance,
  queryFn: getBalance,
  staleTime: 2_000,
  refetchOnWindowFocus: true,
  refetchInterval: 60_000,
  retry: retryUpTo(1),
  retryDelay: 30_000,
});

/** The signed-in user's balance; pass `enabled: false` while nobody is signed in. */
export function useBalance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...balanceQuery, enabled: options.enabled ?? true });
}

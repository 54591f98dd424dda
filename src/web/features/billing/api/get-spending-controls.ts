import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpendingControls } from '@shared/spending';
import { api } from '@web/lib/api-client';
import { billingKeys, retryUpTo } from './query-keys';

export async function getSpendingControls(): Promise<SpendingControls> {
  const response = await api.spending.$get();
  return response.json();
}

export const spendingControlsQuery = queryOptions({
  queryKey: billingKeys.spending,
  queryFn: getSpendingControls,
  retry: retryUpTo(1),
});

/** The user's spending limits with what is spent today and this month. */
export function useSpendingControls() {
  return useQuery(spendingControlsQuery);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoTopUpSettings } from '@shared/auto-top-up';
import { api } from '@web/lib/api-client';
import { billingKeys, retryUpTo } from './query-keys';

export async function getAutoTopUp(): Promise<AutoTopUpSettings> {
  const response = await api['auto-top-up'].$get();
  return response.json();
}

export const autoTopUpQuery = queryOptions({
  queryKey: billingKeys.autoTopUp,
  queryFn: getAutoTopUp,
  retry: retryUpTo(1),
});

/** The saved card, the auto top-up settings, and a payment waiting for the user's confirmation. */
export function useAutoTopUp() {
  return useQuery(autoTopUpQuery);
}

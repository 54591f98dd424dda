import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryKind, TransactionPage } from '@shared/billing';
import { api } from '@web/lib/api-client';
import { billingKeys, retryUpTo } from './query-keys';

export async function getTransactionHistory(kind: HistoryKind, limit: number): Promise<TransactionPage> {
  const response = await api.stripe['transaction-history'][':kind'].$get({ param: { kind }, query: { limit: String(limit) } });
  return response.json();
}

/**
 * Spec 7: no refresh on focus, refresh on reconnect, 2 s dedupe, 3 retries every 5 s. 'Load More'
 * asks again with a larger limit, showing the rows it has meanwhile.
 */
export const transactionHistoryQuery = (kind: HistoryKind, limit: number) =>
  queryOptions({
    queryKey: billingKeys.history(kind, limit),
    queryFn: () => getTransactionHistory(kind, limit),
    staleTime: 2_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
    retry: retryUpTo(3),
    retryDelay: 5_000,
    placeholderData: keepPreviousData,
  });

export function useTransactionHistory(kind: HistoryKind, limit: number) {
  return useQuery(transactionHistoryQuery(kind, limit));
}
